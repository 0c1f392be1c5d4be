import { todayIn } from "@chayong/domain";
import type { Handlers } from "../calls/call";
import { refuse, succeed } from "../outcome";
import { lenderStatisticsOf, lenderStatisticsWindowsOf } from "./statistics";

/** The 'me' dashboards (docs/customers.md#statistics), in the lender's business time zone. */
export const statisticsHandlers: Pick<
  Handlers,
  "contract.statistics" | "contract.statisticsWindows"
> = {
  "contract.statistics": async ({ ctx, caller, now }) => {
    if (caller.lender === null) return refuse(403, "access.forbidden");
    return succeed(
      await lenderStatisticsOf(ctx.db, caller.userId, todayIn(caller.lender.timeZone, now)),
    );
  },

  "contract.statisticsWindows": async ({ ctx, caller, now }) => {
    if (caller.lender === null) return refuse(403, "access.forbidden");
    return succeed(
      await lenderStatisticsWindowsOf(ctx.db, caller.userId, todayIn(caller.lender.timeZone, now)),
    );
  },
};
