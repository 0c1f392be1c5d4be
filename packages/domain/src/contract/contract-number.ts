/**
 * The contract number people read, quote on the phone and find in the CSV export: `C-2026-000123`
 * is the lender's 123rd contract of 2026 in his business time zone (docs/contracts.md, "Contract
 * number"). Unique per lender; the share code, not this, is what opens a contract.
 */
export function formatContractNumber(year: number, sequence: number): string {
  return `C-${year}-${String(sequence).padStart(6, "0")}`;
}

/** What a contract number looks like (six digits or more: a lender's millionth contract). */
export const contractNumberPattern = /^C-\d{4}-\d{6,}$/;
