import type { Api } from "@chayong/sdk";

export type Contract = Awaited<ReturnType<Api["contract"]["add"]>>;
/** One contract with its parties, as its detail, open and sign answer it. */
export type ContractDetail = Awaited<ReturnType<Api["contract"]["detail"]>>;
export type ContractStatus = Contract["status"];

/** Before signing: the lender may still cancel it (docs/statuses.md#allowed-actions). */
export function isUnsigned(status: ContractStatus): boolean {
  return status === "type1" || status === "type2";
}

/**
 * The share link as someone else can open it: the server may answer it relative to the app
 * (`#/pages/loans/sign?code=...`) when it does not know its public address.
 */
export function absoluteShareLink(
  link: string,
  page: string = globalThis.location?.href ?? "",
): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(link) || !page) return link;
  const here = new URL(page);
  if (link.startsWith("#")) return `${here.origin}${here.pathname}${link}`;
  return new URL(link, here.origin).href;
}

type DueDateLabel =
  | "contract.nextDueDate"
  | "renewal.date"
  | "contract.repaymentDate"
  | "contract.firstRepaymentDate";

/**
 * The due date a contract's card shows, and the words that name it. Once signed and while money
 * is owed: the next date it is owed, renewals counted ('next due date' for instalments, 'new due
 * date' for a renewed single payment), so a lender never chases a borrower on a date a renewal
 * moved. Before signing, once closed or deleted: the date of the terms.
 */
export function dueDateShown(
  contract: Pick<
    Contract,
    "status" | "cancelled" | "dueDate" | "repaymentDate" | "instalment" | "renewal"
  >,
): { date: string; label: DueDateLabel } {
  if (contract.dueDate !== null && !contract.cancelled && !isUnsigned(contract.status)) {
    if (contract.instalment) return { date: contract.dueDate, label: "contract.nextDueDate" };
    return {
      date: contract.dueDate,
      label: contract.renewal ? "renewal.date" : "contract.repaymentDate",
    };
  }
  return {
    date: contract.repaymentDate,
    label: contract.instalment ? "contract.firstRepaymentDate" : "contract.repaymentDate",
  };
}

/** The day the last repayment is due, renewals counted: the end of the contract's term. */
export function lastDueDate(contract: Pick<Contract, "schedule" | "repaymentDate">): string {
  // ISO calendar dates order as text; a renewal may move an instalment past the next one.
  const dates = [contract.repaymentDate, ...contract.schedule.map((item) => item.dueDate)];
  return dates.sort().at(-1) ?? contract.repaymentDate;
}
