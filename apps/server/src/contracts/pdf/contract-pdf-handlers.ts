import { contractPdfFileName } from "@chayong/domain";
import { actorOf, recordAudit } from "../../audit/audit";
import type { Handlers } from "../../calls/call";
import { type ServerTextKey, serverText } from "../../messages/message-for";
import { refuse, succeed } from "../../outcome";
import { contractForCaller } from "../contract-access";
import { contractDocumentContent, readContractDocument } from "../contract-document-content";
import { contractAuditLines } from "./audit-page";
import { renderContractPdfOffThread } from "./pdf-thread";

/** The PDF's creator and producer in its metadata. */
const producer = "Chayong";

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
      subjectId: row.id,
      ip,
      at: now,
    });
    const auditLines = await contractAuditLines(ctx.db, row, locale);
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
        lines: auditLines,
      },
      sealNote: t("pdf.sealed"),
      // The numbers are filled in per page by the renderer.
      pageLabel: t("pdf.page", { page: "{page}", pages: "{pages}" }),
      producer,
    });
    return succeed({ fileName: contractPdfFileName(document.contract.number), bytes });
  },
};
