import type { Api } from "@chayong/sdk";

export type Contract = Awaited<ReturnType<Api["contract"]["add"]>>;
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
