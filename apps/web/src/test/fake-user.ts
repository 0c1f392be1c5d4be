import type { CurrentUser } from "../data/api-query";

/** The demo lender as the server answers queryCashUser. */
export const fakeLender = {
  userId: "u-1",
  phone: "+821000000000",
  role: "lender",
  lender: {
    displayName: "Demo Lender",
    merchantName: "Demo Merchant",
    licenceNumber: null,
    jurisdiction: "KR",
    timeZone: "Asia/Seoul",
  },
  identityVerified: false,
  name: "Demo Lender",
} satisfies CurrentUser;

/** A borrower; its phone is the one `fakeContract` is addressed to. */
export const fakeBorrower = {
  userId: "u-2",
  phone: "+821012345678",
  role: "borrower",
  lender: null,
  identityVerified: false,
  /** Not verified yet: no name known. */
  name: null,
} satisfies CurrentUser;
