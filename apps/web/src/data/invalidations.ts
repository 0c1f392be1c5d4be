import type { QueryEndpointId, WriteEndpointId } from "./api-endpoints";

const money = [
  "contract.query",
  "contract.detail",
  "contract.ledger",
  "contract.userDetails",
  "contract.statistics",
  "contract.statisticsWindows",
  "contract.view",
  // Each money event sends the borrower a receipt (docs/notices.md).
  "notice.list",
] as const satisfies readonly QueryEndpointId[];

const offlineLoans = [
  "contract.offlineLoanList",
  "contract.statisticsWindows",
] as const satisfies readonly QueryEndpointId[];

/**
 * For each write, the reads whose answers it may change, named once: after a write succeeds the
 * query client marks them stale, and those a screen shows are read again
 * (src/data/query-client.ts; the table loads with the API chunk, src/session/app-api.ts). The
 * type makes every write of the SDK's table appear here.
 */
export const invalidatedBy: { readonly [Id in WriteEndpointId]: readonly QueryEndpointId[] } = {
  // The session's own calls: a new or ended session clears every answer (src/app/bootstrap.tsx).
  "auth.sendCode": [],
  "auth.login": [],
  "auth.logout": [],
  // Uploads answer a file's descriptor; the step that uses the file says what changed.
  "identity.uploadImage": [],
  "identity.registerUpload": [],
  "identity.livenessChallenge": [],
  "identity.faceCompare": ["identity.userDetail", "user.current"],
  "identity.ocrCheck": [],
  "identity.ocrConfirm": ["identity.userDetail", "user.current"],
  // The contacts are usually the step that makes the borrower verified (user.current).
  "identity.addEmergencyContacts": ["identity.userDetail", "user.current"],
  "contract.add": [
    "contract.query",
    "contract.userDetails",
    "contract.statistics",
    "contract.statisticsWindows",
  ],
  "contract.sign": [...money, "identity.userDetail"],
  // A cancelled contract leaves the customer's list; its document says 'cancelled'.
  "contract.cancel": [
    "contract.query",
    "contract.detail",
    "contract.userDetails",
    "contract.view",
    "contract.statistics",
    "contract.statisticsWindows",
  ],
  // A new link replaces the old code everywhere the contract shows.
  "contract.reissueLink": ["contract.query", "contract.detail"],
  "contract.reminders": ["contract.detail", "notice.list"],
  "contract.repay": money,
  "contract.renew": money,
  "contract.reverse": money,
  // The decision shows on the customer, and on the contract's parties (its borrower may sign).
  "contract.faceReview": ["contract.userDetails", "contract.detail", "contract.view"],
  "contract.block": ["contract.blockList", "contract.userDetails"],
  "contract.unblock": ["contract.blockList", "contract.userDetails"],
  // The dashboard's shared-debt figures sum the lender's offline reports.
  "contract.reportOfflineLoan": offlineLoans,
  "contract.correctOfflineLoan": offlineLoans,
  "contract.withdrawOfflineLoan": offlineLoans,
  "template.add": ["template.query"],
  "template.remove": ["template.query"],
  "apiKey.create": ["apiKey.list"],
  "apiKey.revoke": ["apiKey.list"],
};
