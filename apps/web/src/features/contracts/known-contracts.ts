import type { Api } from "@chayong/sdk";
import { onSessionChange } from "../../state/session-scoped";
import type { Contract } from "./contract-labels";

// Contracts this page load has already seen (created, listed), by id.
const known = new Map<string, Contract>();
onSessionChange(() => known.clear());

export function rememberContract(contract: Contract): void {
  known.set(contract.id, contract);
}

const pageSize = 50;
const maxPages = 40;

/**
 * One of the lender's contracts by id. The API has no single-contract read for lenders yet, so
 * this walks the lender's list (newest first, 50 a page) and remembers what it saw; `fresh`
 * skips what is remembered (the status may have changed since).
 */
export async function findContract(
  api: Api,
  id: string,
  options: { fresh?: boolean; signal?: AbortSignal } = {},
): Promise<Contract | null> {
  if (!options.fresh) {
    const remembered = known.get(id);
    if (remembered) return remembered;
  }
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await api.contract.query(
      { type: "all", page, pageSize },
      options.signal ? { signal: options.signal } : {},
    );
    for (const contract of answer.items) rememberContract(contract);
    const found = answer.items.find((contract) => contract.id === id);
    if (found) return found;
    if (page * pageSize >= answer.total) break;
  }
  return null;
}
