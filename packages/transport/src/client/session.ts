import type { Locale } from "../wire/protocol.ts";

/** loginInfo as the app stores it after login (docs/entities.md#local-storage Locally stored data). */
export interface LoginInfo {
  userId: string;
  uuId: string;
}

/** The device entry the app keeps across logouts. */
export interface DeviceInfo {
  adid: string;
  uuId?: string;
  userId?: string;
}

/**
 * Where the client reads session data, asked afresh for every call. The app owns the storage;
 * this package keeps no global state.
 */
export interface SessionProvider {
  getToken(): string | null | undefined;
  getLoginInfo(): LoginInfo | null | undefined;
  getDevice(): DeviceInfo;
  getLocale(): Locale;
}
