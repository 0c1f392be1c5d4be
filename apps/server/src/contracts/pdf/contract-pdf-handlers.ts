import { contractPdfFileName, statementPdfFileName } from "@chayong/domain";
import { actorOf, recordAudit } from "../../audit/audit";
import type { Call, Handlers } from "../../calls/call";
import type { Caller } from "../../calls/caller";
import { type Outcome, refuse, succeed } from "../../outcome";
import { contractForCaller } from "../contract-access";
import type { ContractRow } from "../contract-store";
import {
  type ContractSeal,
  jurisdictionLocale,
  sealContract,
  sealedPdfBytes,
} from "../seal/contract-seal";
import { issueStatement } from "../seal/contract-statement";

/**
 * The caller's signed contract and its seal, sealed now if it has none yet (a contract signed
 * before seals existed: in its jurisdiction's language); 409 before signing.
 */
async function sealedContractFor(
  { ctx, caller, origin, now }: Call<Caller>,
  id: string,
): Promise<Outcome<{ row: ContractRow; seal: ContractSeal }>> {
  const found = await contractForCaller(ctx.db, caller, id);
  if (!found.ok) return found;
  const row = found.value;
  if (row.signedAt === null) return refuse(409, "contract.pdf.notSigned");
  const seal = await sealContract(ctx, row, {
    locale: jurisdictionLocale(row),
    origin,
    occasion: "download",
    now,
  });
  return succeed({ row, seal });
}

export const contractPdfHandlers: Pick<Handlers, "contract.pdf" | "contract.statement"> = {
  /**
   * The signed contract's sealed PDF (docs/contract-pdf.md), to its lender or its borrower: the
   * bytes sealed once, read from the file store, the same at every download. Before signing
   * there is nothing sealed to hand out (409). The download is a view of personal data: audited.
   */
  "contract.pdf": async (call, input) => {
    const sealed = await sealedContractFor(call, input.id);
    if (!sealed.ok) return sealed;
    const { row, seal } = sealed.value;
    const { ctx, caller, ip, device, now } = call;
    const bytes = await sealedPdfBytes(ctx, seal);
    await recordAudit(ctx.db, {
      actor: actorOf(caller),
      action: "contract.pdf",
      subjectId: row.id,
      ip,
      device,
      at: now,
    });
    return succeed({ fileName: contractPdfFileName(row.number), bytes });
  },

  /**
   * A ledger statement as of today (docs/contract-pdf.md, "The ledger statement"): a new signed
   * PDF each time, kept so the verify page knows it, audited. Sealed contract first: the
   * statement names its hash.
   */
  "contract.statement": async (call, input) => {
    const sealed = await sealedContractFor(call, input.id);
    if (!sealed.ok) return sealed;
    const { row, seal } = sealed.value;
    const { bytes, asOf } = await issueStatement(call, row, seal);
    return succeed({ fileName: statementPdfFileName(row.number, asOf), bytes });
  },
};
