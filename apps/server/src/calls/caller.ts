/** A lender's profile, as every call made by the lender carries it (docs/roles.md#lender-profile). */
export interface LenderProfile {
  displayName: string;
  merchantName: string;
  licenceNumber: string | null;
  jurisdiction: "KR" | "TW";
  timeZone: string;
}

/** The signed-in user a call is made by. */
export interface Caller {
  userId: string;
  /** The session of the call; null when it came with an API key. */
  sessionId: string | null;
  /** The API key of the call (README "API keys"); null for a session. */
  apiKey: { id: string; scope: "read" | "full" } | null;
  phone: string;
  role: "lender" | "borrower";
  /** Present for lenders. */
  lender: LenderProfile | null;
}
