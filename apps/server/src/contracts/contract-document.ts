import { type Contract, displayPhone } from "@chayong/domain";
import { type Locale, type ServerTextKey, serverText } from "../messages/message-for";

export interface DocumentSignature {
  /** The PNG as stored (base64). */
  imagePng: string;
  signedAt: Date;
  termsSha256: string;
}

export interface ContractDocumentInput {
  contract: Contract;
  licenceNumber: string | null;
  signature: DocumentSignature | null;
  locale: Locale;
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
export function renderContractDocument({
  contract,
  licenceNumber,
  signature,
  locale,
}: ContractDocumentInput): string {
  const t = (key: ServerTextKey, params?: Record<string, string | number>) =>
    escapeHtml(serverText(key, locale, params));
  const money = (amount: number) =>
    escapeHtml(
      new Intl.NumberFormat(locale, { style: "currency", currency: contract.currency }).format(
        amount,
      ),
    );
  const row = (label: string, value: string) => `<tr><th>${label}</th><td>${value}</td></tr>`;
  const percent = (value: number) =>
    `${escapeHtml(new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value))}%`;

  const repayment = contract.instalment
    ? t("document.instalments", { count: contract.instalmentCount })
    : t("document.single");
  const terms = [
    row(t("document.contractCode"), escapeHtml(contract.id)),
    row(t("document.loanAmount"), money(contract.loanAmount)),
    row(t("document.disbursedAmount"), money(contract.disbursedAmount)),
    row(t("document.serviceFee"), money(contract.serviceFee)),
    row(t("document.loanDate"), escapeHtml(contract.loanDate)),
    row(t("document.repaymentDate"), escapeHtml(contract.repaymentDate)),
    row(t("document.repaymentType"), repayment),
    ...(contract.instalment
      ? [row(t("document.interval"), t(`document.${contract.interval}`))]
      : []),
    row(t("document.overdueRate"), percent(contract.overdueRatePercent)),
    row(
      t("document.effectiveAnnualRate"),
      `<strong>${percent(contract.effectiveAnnualRatePercent)}</strong>`,
    ),
  ];
  const scheduleRows = contract.schedule
    .map(
      (instalment) =>
        `<tr><td>${escapeHtml(instalment.index)}</td><td>${escapeHtml(instalment.originalDueDate)}</td><td class="n">${money(instalment.amount)}</td></tr>`,
    )
    .join("");
  const parties = [
    row(t("document.lender"), escapeHtml(contract.lender)),
    row(t("document.merchantName"), escapeHtml(contract.merchantName)),
    ...(licenceNumber ? [row(t("document.licenceNumber"), escapeHtml(licenceNumber))] : []),
    row(t("document.borrowerPhone"), escapeHtml(displayPhone(contract.borrowerPhone))),
  ];
  const signatureSection =
    signature === null
      ? `<p class="pending">${t("document.notSigned")}</p>`
      : `<figure><img alt="${t("document.signature")}" src="data:image/png;base64,${escapeHtml(signature.imagePng)}"></figure>
<table>${row(t("document.signedAt"), escapeHtml(signature.signedAt.toISOString()))}${row(t("document.termsHash"), `<code>${escapeHtml(signature.termsSha256)}</code>`)}</table>`;

  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>${t("document.title")} · ${escapeHtml(contract.name)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:16px;color:#100F16;line-height:1.5}
h1{font-size:1.3em}h2{font-size:1.05em;margin-top:1.4em;border-bottom:1px solid #A4B8D2}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 6px;vertical-align:top}
th{font-weight:600;width:42%}td.n{text-align:right}code{word-break:break-all;font-size:.85em}
.cancelled{color:#b00020;font-weight:700}.pending{color:#666}img{max-width:100%;border:1px solid #ddd}
</style>
</head>
<body>
<h1>${t("document.title")}: ${escapeHtml(contract.name)}</h1>
${contract.cancelled ? `<p class="cancelled">${t("document.cancelled")}</p>` : ""}
<h2>${t("document.parties")}</h2>
<table>${parties.join("")}</table>
<h2>${t("document.terms")}</h2>
<table>${terms.join("")}</table>
<h2>${t("document.schedule")}</h2>
<table><thead><tr><th>${t("document.instalmentNumber")}</th><th>${t("document.dueDate")}</th><th class="n">${t("document.amount")}</th></tr></thead>
<tbody>${scheduleRows}</tbody>
<tfoot><tr><th colspan="2">${t("document.total")}</th><td class="n">${money(contract.totalRepayable)}</td></tr></tfoot></table>
<h2>${t("document.signature")}</h2>
${signatureSection}
</body>
</html>
`;
}
