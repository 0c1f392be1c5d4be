import { contractPdfFileName } from "@chayong/domain";
import { and, asc, eq } from "drizzle-orm";
import { actorOf, recordAudit } from "../../audit/audit";
import type { Handlers } from "../../calls/call";
import type { Db } from "../../db/database";
import { auditEvents } from "../../db/schema";
import { type Locale, type ServerTextKey, serverText } from "../../messages/message-for";
import { refuse, succeed } from "../../outcome";
import { contractForCaller } from "../contract-access";
import { formatLocalInstant } from "../contract-document";
import { contractDocumentContent, readContractDocument } from "../contract-document-content";
import type { ContractRow } from "../contract-store";
import { renderContractPdfOffThread } from "./pdf-thread";
import type { AuditLine } from "./render-contract-pdf";

/** The PDF's creator and producer in its metadata. */
const producer = "Chayong";

const actionKeys: Record<string, ServerTextKey> = {
  "contract.add": "pdf.audit.action.add",
  "contract.open": "pdf.audit.action.open",
  "contract.detail": "pdf.audit.action.detail",
  "contract.view": "pdf.audit.action.view",
  "contract.sign": "pdf.audit.action.sign",
  "contract.cancel": "pdf.audit.action.cancel",
  "contract.ledger": "pdf.audit.action.ledger",
  "contract.pdf": "pdf.audit.action.pdf",
  "contract.update": "pdf.audit.action.update",
  "contract.renew": "pdf.audit.action.renew",
  "contract.reverse": "pdf.audit.action.reverse",
};

const ledgerKindKeys: Record<string, ServerTextKey> = {
  repayment: "ledger.kind.repayment",
  waiver: "ledger.kind.waiver",
  renewal: "ledger.kind.renewal",
  reversal: "ledger.kind.reversal",
};

type AuditRow = Pick<typeof auditEvents.$inferSelect, "at" | "actorRole" | "action" | "details">;

/**
 * One audit event as the audit page words it: when (the lender's clock), who (the party's role,
 * nothing more: no account ids, no addresses), what (the action, and for a signature the hash
 * signed; for a money operation the kinds of entries it wrote).
 */
export function auditLineOf(event: AuditRow, timeZone: string, locale: Locale): AuditLine {
  const t = (key: ServerTextKey, params?: Record<string, string | number>) =>
    serverText(key, locale, params);
  const actor =
    event.actorRole === "lender" || event.actorRole === "borrower" || event.actorRole === "operator"
      ? t(`pdf.audit.actor.${event.actorRole}`)
      : t("pdf.audit.actor.system");
  const details = (event.details ?? {}) as Record<string, unknown>;
  const key = actionKeys[event.action];
  let action: string;
  if (key === undefined) {
    action = t("pdf.audit.action.other", { action: event.action });
  } else if (key === "pdf.audit.action.sign") {
    action = t(key, { hash: typeof details.termsSha256 === "string" ? details.termsSha256 : "" });
  } else if (key === "pdf.audit.action.update") {
    const entries = Array.isArray(details.entries) ? details.entries : [];
    const kinds = [
      ...new Set(
        entries
          .map((entry) => ledgerKindKeys[String((entry as { kind?: unknown }).kind)])
          .filter((kindKey): kindKey is ServerTextKey => kindKey !== undefined),
      ),
    ];
    action = t(key, { kinds: kinds.map((kindKey) => t(kindKey)).join(", ") });
  } else {
    action = t(key);
  }
  return { time: formatLocalInstant(event.at, timeZone, locale), actor, action };
}

/** Every audit event of the contract, oldest first (the order they were written in). */
async function contractAuditEvents(db: Db, row: ContractRow): Promise<AuditRow[]> {
  return db
    .select({
      at: auditEvents.at,
      actorRole: auditEvents.actorRole,
      action: auditEvents.action,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "contract"), eq(auditEvents.subjectId, row.id)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
}

export const contractPdfHandlers: Pick<Handlers, "contract.pdf"> = {
  /**
   * The signed contract as a PDF (docs/contract-pdf.md), to its lender or its borrower; before
   * signing there is nothing sealed to hand out (409). The download is a view of personal data:
   * audited first, so the audit page it carries ends with it.
   */
  "contract.pdf": async ({ ctx, caller, ip, now, locale }, input) => {
    const found = await contractForCaller(ctx.db, caller, input.id);
    if (!found.ok) return found;
    const row = found.value;
    const document = await readContractDocument(ctx.db, row, now);
    const { signature } = document;
    if (signature === null) return refuse(409, "contract.pdf.notSigned");
    await recordAudit(ctx.db, {
      actor: actorOf(caller),
      action: "contract.pdf",
      subjectType: "contract",
      subjectId: row.id,
      ip,
      at: now,
    });
    const events = await contractAuditEvents(ctx.db, row);
    const content = contractDocumentContent({ ...document, locale });
    const t = (key: ServerTextKey, params?: Record<string, string | number>) =>
      serverText(key, locale, params);
    // Laid out on the PDF thread: a render takes 0.1-0.5 s of CPU that would otherwise hold up
    // every other call of this process (docs/contract-pdf.md "How it is made"; figures in the
    // README, "Contract PDF benchmark").
    const { bytes } = await renderContractPdfOffThread({
      content,
      // As stored: the PDF thread crops it to its ink (a PNG decode and encode, off this loop too).
      signaturePng: Buffer.from(signature.imagePng, "base64"),
      signedAt: signature.signedAt,
      termsSha256: signature.termsSha256,
      author: document.contract.lender,
      audit: {
        title: t("pdf.audit.title"),
        intro: t("pdf.audit.intro"),
        timeZone: t("pdf.timeZone", { timeZone: row.timeZone }),
        columns: [t("pdf.audit.time"), t("pdf.audit.actor"), t("pdf.audit.action")],
        lines: events.map((event) => auditLineOf(event, row.timeZone, locale)),
      },
      sealNote: t("pdf.sealed"),
      // The numbers are filled in per page by the renderer.
      pageLabel: t("pdf.page", { page: "{page}", pages: "{pages}" }),
      producer,
    });
    return succeed({ fileName: contractPdfFileName(document.contract.number), bytes });
  },
};
