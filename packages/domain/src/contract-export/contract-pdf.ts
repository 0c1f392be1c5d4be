/**
 * The signed contract PDF's file name: the product and the contract number people quote, e.g.
 * `chayong-contract-C-2026-000123.pdf`. ASCII only (anything else becomes `_`), so every browser
 * and mail program keeps it, and nothing personal is in it (docs/contract-pdf.md).
 */
export function contractPdfFileName(contractNumber: string): string {
  return `chayong-contract-${contractNumber.replace(/[^A-Za-z0-9-]/g, "_")}.pdf`;
}

/**
 * A ledger statement's file name: the contract number and the day it was issued for, e.g.
 * `chayong-statement-C-2026-000123-2026-06-02.pdf` (docs/contract-pdf.md, "The ledger statement").
 */
export function statementPdfFileName(contractNumber: string, asOf: string): string {
  const ascii = (text: string) => text.replace(/[^A-Za-z0-9-]/g, "_");
  return `chayong-statement-${ascii(contractNumber)}-${ascii(asOf)}.pdf`;
}
