/**
 * The signed contract PDF's file name: the product and the contract number people quote, e.g.
 * `chayong-contract-C-2026-000123.pdf`. ASCII only (anything else becomes `_`), so every browser
 * and mail program keeps it, and nothing personal is in it (docs/contract-pdf.md).
 */
export function contractPdfFileName(contractNumber: string): string {
  return `chayong-contract-${contractNumber.replace(/[^A-Za-z0-9-]/g, "_")}.pdf`;
}
