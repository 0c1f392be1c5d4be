import { contractExportFileName, todayIn } from "@chayong/domain";
import { actorOf, recordAudit } from "../../audit/audit";
import type { Handlers } from "../../calls/call";
import { refuse, succeed } from "../../outcome";
import { contractListFilter } from "../contract-list";
import { countExport, exportChunks } from "./contract-export";

export const contractExportHandlers: Pick<Handlers, "contract.export"> = {
  /**
   * The lender's contracts, schedules or ledgers as a CSV file (docs/export.md), filtered exactly
   * like the list. Personal data leaves the system: the audit row (filter and counts) is written
   * before the first byte is sent.
   */
  "contract.export": async ({ ctx, caller, ip, now, locale }, input) => {
    const lender = caller.lender;
    if (lender === null) return refuse(403, "access.forbidden");
    const counted = await countExport(ctx.db, input.kind, contractListFilter(caller, input, now));
    await recordAudit(ctx.db, {
      actor: actorOf(caller),
      action: "contract.export",
      subjectId: null,
      ip,
      at: now,
      details: {
        kind: input.kind,
        filter: { status: input.status ?? null, type: input.type },
        ...counted,
      },
    });
    return succeed({
      fileName: contractExportFileName(input.kind, todayIn(lender.timeZone, now)),
      chunks: exportChunks(ctx.db, caller, input, now, locale),
    });
  },
};
