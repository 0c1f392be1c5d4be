/**
 * Which messages are in each catalog's `boot` part: what a phone needs before anything else, so
 * the web app's first load carries only these (its size budget, apps/web/scripts/size.ts). The
 * app shell (tabs, page titles, error modals, customer-service button), the login page, the
 * entry page (the order list and what opens on it), every built-in string of the UI kit, and the
 * errors any request may end with. Everything else is the `rest` part, loaded when the reader
 * leaves those pages (apps/web/src/language/language.ts).
 *
 * A rule names an id or an area: `contract.status` takes `contract.status` and every
 * `contract.status.*`; a rule ending in `!` names one id only (`renewal.date!`: the label, not
 * the renewal form's messages). The web app's tests fail when its first screens use an id outside these.
 * Plain TypeScript without relative imports: scripts/split-catalogs.ts runs it in Node.
 */
export const bootMessageRules: readonly string[] = [
  // The shell, the login page and the errors of any request.
  "access",
  "app",
  "common",
  "field",
  "language",
  "login",
  "modal",
  "notFound",
  "phone",
  "service",
  "session",
  "tab",
  "transport",
  // The entry page: the order list, its filters and cards, and the export it offers.
  "orderList",
  "contract.create",
  "contract.export",
  "contract.noResults",
  "contract.status",
  "contract.type",
  "contract.loanAmount",
  "contract.loanDate",
  "contract.repaymentDate",
  "contract.firstRepaymentDate",
  "contract.nextDueDate",
  "renewal.date!",
  "contract.outstandingAmount",
  "document.instalments",
  "customer.view",
  // Every page's title: the header and the tab show it while a page beyond the first ones waits
  // for the rest (apps/web RoutePending, RouteError, DocumentTitle).
  "location.choose.title!",
  "location.open.title!",
  "documentCheck.title!",
  "home.title!",
  "sign.title!",
  "contract.signDetail.title!",
  "sign.borrowerSignature!",
  "me.title!",
  "customer.blockList!",
  "verify.face.title!",
  "idCard.title!",
  "offlineLoan.mine!",
  "sharedDebt.title!",
  "contract.detail.title!",
  "customer.title!",
  "template.add.title!",
  "template.list.title!",
  // What a page says when its first read failed (RouteError), before the rest arrives.
  "contract.notFound!",
  // The UI kit's built-in strings (packages/ui src/i18n/ui-messages.ts), its Korean fallback.
  "contract.instalments",
  "contract.single",
  "contract.outstanding",
  "contract.repaidAmount",
  "contract.waivedAmount",
  "contract.overdueInterest",
  "ledger.kind",
  "ledger.reason",
  "ledger.receivedOn",
  "ledger.recordedBy",
  "ledger.renewedTo",
  "ledger.reverse",
  "ledger.reversed",
  "ledger.reverses",
  "money.instalment",
  "signature.area",
  "signature.clear",
  "signature.empty",
  "signature.incomplete",
  "signature.hint",
  "signature.save",
  "signature.undo",
  "upload.back",
  "upload.failed",
  "upload.front",
  "upload.holding",
  "upload.replace",
  "upload.tapToUpload",
  "upload.uploading",
  "verify.face.prompt",
  "verify.step",
];

/** Whether `id` belongs to the boot part of the catalogs. */
export function isBootMessage(id: string): boolean {
  return bootMessageRules.some((rule) =>
    rule.endsWith("!") ? id === rule.slice(0, -1) : id === rule || id.startsWith(`${rule}.`),
  );
}
