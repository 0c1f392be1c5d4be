import type { Handlers } from "../calls/call";
import { contractForCaller } from "../contracts/contract-access";
import { succeed } from "../outcome";
import { listNotices } from "./notices";

export const noticeHandlers: Pick<Handlers, "notice.list"> = {
  // A lender reads what was sent about one contract of his; a borrower, everything sent to him.
  "notice.list": async ({ ctx, caller, locale }, input) => {
    if (input.contractId !== undefined) {
      const found = await contractForCaller(ctx.db, caller, input.contractId);
      if (!found.ok) return found;
    } else if (caller.role === "lender") {
      return succeed({ notices: [] });
    }
    return succeed({ notices: await listNotices(ctx.db, caller, input.contractId, locale) });
  },
};
