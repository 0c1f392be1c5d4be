import type { Contract } from "@chayong/domain";
import type { ContractParties } from "@chayong/sdk";
import { type Locale, type ServerTextKey, serverText } from "../messages/message-for";
import { contractDocumentContent, type DocumentField } from "./contract-document-content";
import { documentContentSecurityPolicy, documentFontFamily } from "./document-fonts";
import { cropSignatureToInk } from "./signature-image";

export interface DocumentSignature {
  /** The PNG as stored (base64). */
  imagePng: string;
  signedAt: Date;
  termsSha256: string;
}

export interface ContractDocumentInput {
  contract: Contract;
  /** The lender's business time zone (the contract's `time_zone`): instants are shown in it. */
  timeZone: string;
  /** Who the contract is between (contract-parties.ts). */
  parties: ContractParties;
  signature: DocumentSignature | null;
  locale: Locale;
  /** The web app's font stylesheet (document-fonts.ts), or null for the platform's fonts. */
  fontsHref?: string | null;
}

/** Every text that reaches the page goes through here: nothing the lender typed runs as HTML. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * The contract document `/api/v1/contract/view` answers: parties, terms, schedule, the effective
 * annual rate and, once signed, the signature with its time and the SHA-256 of the signed terms.
 * Self-contained (inline style, the signature as a data URL) so it renders in an iframe.
 */
/** Between the title and the contract's name: Chinese writes the full-width colon, unspaced. */
const titleSeparator: Record<Locale, string> = { "ko-KR": ": ", "zh-TW": "：" };

/** The signature image as the document shows it: cut to its ink (the stored one is kept). */
export function displaySignaturePng(imagePngBase64: string): string {
  return cropSignatureToInk(Buffer.from(imagePngBase64, "base64")).toString("base64");
}

export function renderContractDocument({
  contract,
  timeZone,
  parties,
  signature,
  locale,
  fontsHref = null,
}: ContractDocumentInput): string {
  // The words and figures are the signed PDF's too (contract-document-content.ts); only the
  // layout is this file's.
  const content = contractDocumentContent({
    contract,
    timeZone,
    parties,
    signature,
    locale,
  });
  const t = (key: ServerTextKey, params?: Record<string, string | number>) =>
    escapeHtml(serverText(key, locale, params));
  const cell = (field: DocumentField) =>
    field.emphasis === "strong"
      ? `<strong>${escapeHtml(field.value)}</strong>`
      : field.emphasis === "code"
        ? `<code>${escapeHtml(field.value)}</code>`
        : escapeHtml(field.value);
  const row = (label: string, value: string) => `<tr><th>${label}</th><td>${value}</td></tr>`;
  const rows = (fields: DocumentField[]) =>
    fields.map((field) => row(escapeHtml(field.label), cell(field))).join("");

  const terms = rows([content.number, ...content.terms.fields]);
  const costOfCredit = rows(content.costOfCredit.fields);
  const scheduleRows = content.schedule.rows
    .map(
      ([index, dueDate, amount]) =>
        `<tr><td>${escapeHtml(index)}</td><td class="d">${escapeHtml(dueDate)}</td><td class="n">${escapeHtml(amount)}</td></tr>`,
    )
    .join("");
  const partyRows = rows(content.parties.fields);
  const [signedAtField, hashField] = content.signature.fields;
  const signatureSection =
    signature === null || signedAtField === undefined || hashField === undefined
      ? `<p class="pending">${t("document.notSigned")}</p>`
      : `<figure class="signature"><img alt="${t("document.signature")}" src="data:image/png;base64,${escapeHtml(displaySignaturePng(signature.imagePng))}"></figure>
<table>${row(escapeHtml(signedAtField.label), `<time datetime="${escapeHtml(signature.signedAt.toISOString())}">${escapeHtml(signedAtField.value)}</time>`)}${row(escapeHtml(hashField.label), cell(hashField))}</table>`;

  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${documentContentSecurityPolicy}">
${fontsHref === null ? "" : `<link rel="stylesheet" href="${escapeHtml(fontsHref)}">\n`}<title>${t("document.title")} · ${escapeHtml(contract.name)}</title>
<style>
body{font-family:${documentFontFamily(locale)};margin:16px;color:#100F16;line-height:1.5;overflow-wrap:break-word}
:lang(ko) body{word-break:keep-all}
h1{font-size:1.3em}h2{font-size:1.05em;margin-top:1.4em;border-bottom:1px solid #A4B8D2}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 6px;vertical-align:top}
th{font-weight:600;width:42%}td.n{text-align:right}td.n,td.d{white-space:nowrap}code{word-break:break-all;font-size:.85em}
.cancelled{color:#b00020;font-weight:700}.pending{color:#666}.note{color:#4a4a57;font-size:.85em;margin:4px 0 0}
.number{color:#4a4a57;margin:-.6em 0 0}
figure.signature{margin:8px 0}figure.signature img{display:block;max-width:min(100%,320px);max-height:140px;height:auto;width:auto;border:1px solid #ddd;border-radius:6px;background:#fff}
</style>
</head>
<body>
<h1>${t("document.title")}${titleSeparator[locale]}${escapeHtml(contract.name)}</h1>
<p class="number">${t("document.contractCode")} ${escapeHtml(contract.number)}</p>
${contract.cancelled ? `<p class="cancelled">${t("document.cancelled")}</p>` : ""}
<h2>${t("document.parties")}</h2>
<table>${partyRows}</table>
<h2>${t("document.terms")}</h2>
<table>${terms}</table>
<h2>${t("document.costOfCredit")}</h2>
<table>${costOfCredit}</table>
<p class="note">${escapeHtml(content.costOfCredit.explanation)}</p>
<h2>${t("document.schedule")}</h2>
<table><thead><tr><th>${t("document.instalmentNumber")}</th><th>${t("document.dueDate")}</th><th class="n">${t("document.amount")}</th></tr></thead>
<tbody>${scheduleRows}</tbody>
<tfoot><tr><th colspan="2">${escapeHtml(content.schedule.total.label)}</th><td class="n">${escapeHtml(content.schedule.total.value)}</td></tr></tfoot></table>
<h2>${t("document.signature")}</h2>
${signatureSection}
</body>
</html>
`;
}
