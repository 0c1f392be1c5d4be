/** The package name header of this app (docs/wire-protocol.md#headers leaves the value to us). */
export const packageName = "com.chayong.web";
