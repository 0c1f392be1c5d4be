import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { shareCodeSearchSchema } from "../app/route-search";
import { contractListQuery } from "../data/api-query";
import { orderListFilterOf, orderListSearchSchema } from "../features/contracts/order-list-search";
import { firstReadsOf, requestText } from "./first-reads";

/** The request the order list's loader asks for the first page of the address `search`. */
function loaderRequest(search: Record<string, unknown>) {
  const filter = orderListFilterOf(v.parse(orderListSearchSchema, search));
  return contractListQuery(filter).queryKey[1];
}

describe("a page's first reads", () => {
  it("are the order list's own reads, request for request, for every filter it offers", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["", {}],
      ["#/", {}],
      ["#/pages/order/index", {}],
      ["#/pages/order/index?status=type4", { status: "type4" }],
      ["#/pages/order/index?type=instalment", { type: "instalment" }],
      ["#/pages/order/index?status=type6&type=single", { status: "type6", type: "single" }],
    ];
    for (const [hash, search] of cases) {
      const reads = firstReadsOf(hash);
      expect(reads.map((read) => read.id)).toEqual(["user.current", "contract.query"]);
      expect(requestText(reads[1]?.input)).toBe(requestText(loaderRequest(search)));
    }
  });

  it("open a share link's contract with its code, as the sign page's loader does", () => {
    const [user, open] = firstReadsOf("#/pages/loans/sign?code=abc123");
    expect(user?.id).toBe("user.current");
    expect(open).toEqual({
      id: "contract.open",
      input: v.parse(shareCodeSearchSchema, { code: "abc123" }),
    });
    expect(firstReadsOf("#/pages/loans/sign")).toEqual([]);
  });

  it("are none for the other pages", () => {
    for (const hash of ["#/pages/me/index", "#/pages/order/common?id=c-1", "#/pages/login/index"]) {
      expect(firstReadsOf(hash)).toEqual([]);
    }
  });

  it("compare requests as JSON, whatever the order of their keys", () => {
    expect(requestText({ b: 1, a: { d: 2, c: 3 } })).toBe(requestText({ a: { c: 3, d: 2 }, b: 1 }));
    expect(requestText(undefined)).toBe(requestText({}));
  });
});
