import { contractStatuses } from "@chayong/domain";
import * as v from "valibot";
import type { ContractListFilter } from "../../data/api-query";

/** The order list's filters in its address; anything else there is dropped, not refused. */
export const orderListSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(contractStatuses)), undefined),
  type: v.fallback(v.optional(v.picklist(["single", "instalment"])), undefined),
});

export type OrderListSearch = v.InferOutput<typeof orderListSearchSchema>;

/**
 * What the list asks the server for, from its address: its own module, as the page's first read
 * (src/first-read/) asks the same before the app's code has arrived.
 */
export function orderListFilterOf({ status, type }: OrderListSearch): ContractListFilter {
  return { ...(status ? { status } : {}), type: type ?? "all" };
}
