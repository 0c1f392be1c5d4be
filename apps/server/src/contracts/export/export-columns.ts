import {
  type Contract,
  type ContractExportKind,
  type CsvCell,
  displayPhone,
  type InstalmentBalance,
  type LedgerEntry,
  todayIn,
} from "@chayong/domain";
import { type Locale, type ServerTextKey, serverText } from "../../messages/message-for";

/** A contract of the export with what its rows need beyond the answer model. */
export interface ExportedContract {
  contract: Contract;
  /** The contract's business time zone: instants become its calendar dates. */
  timeZone: string;
  /** Its ledger in the order written (only the ledger file reads it). */
  ledger: readonly LedgerEntry[];
}

/** One column: its header (translated) and its cell of a row. */
interface Column<Row> {
  header: ServerTextKey;
  cell(row: Row, locale: Locale): CsvCell;
}

/** What the rows of each file are (docs/export.md): a contract, an instalment, a ledger entry. */
interface ScheduleRow {
  exported: ExportedContract;
  instalment: InstalmentBalance;
}

interface LedgerRow {
  exported: ExportedContract;
  entry: LedgerEntry;
  /** `seq` of every entry of the contract by id: a reversal names its target by number. */
  seqById: ReadonlyMap<string, number>;
  /** The reversal that undid this entry, by `seq`; null when none did. */
  reversedBySeq: number | null;
}

/** An instant as the calendar date it was in the contract's business time zone. */
function dateOf(instant: string | null, timeZone: string): string | null {
  return instant === null ? null : todayIn(timeZone, new Date(instant));
}

// The columns every file starts with, so the three files join on the contract id.
const contractId: Column<{ exported: ExportedContract }> = {
  header: "export.contractId",
  cell: ({ exported }) => exported.contract.id,
};
const contractName: Column<{ exported: ExportedContract }> = {
  header: "export.contractName",
  cell: ({ exported }) => exported.contract.name,
};
const status: Column<{ exported: ExportedContract }> = {
  header: "export.status",
  cell: ({ exported }, locale) => serverText(`contract.status.${exported.contract.status}`, locale),
};
const borrowerPhone: Column<{ exported: ExportedContract }> = {
  header: "export.borrowerPhone",
  cell: ({ exported }) => displayPhone(exported.contract.borrowerPhone),
};
const currency: Column<{ exported: ExportedContract }> = {
  header: "export.currency",
  cell: ({ exported }) => exported.contract.currency,
};

/** contracts.csv: one row per contract. */
const contractColumns: Column<{ exported: ExportedContract }>[] = [
  contractId,
  contractName,
  status,
  {
    header: "export.repaymentType",
    cell: ({ exported }, locale) => serverText(`contract.type.${exported.contract.type}`, locale),
  },
  borrowerPhone,
  currency,
  { header: "export.loanAmount", cell: ({ exported }) => exported.contract.loanAmount },
  { header: "export.disbursedAmount", cell: ({ exported }) => exported.contract.disbursedAmount },
  { header: "export.serviceFee", cell: ({ exported }) => exported.contract.serviceFee },
  { header: "export.amountReceived", cell: ({ exported }) => exported.contract.amountReceived },
  { header: "export.totalRepayable", cell: ({ exported }) => exported.contract.totalRepayable },
  { header: "export.instalmentCount", cell: ({ exported }) => exported.contract.instalmentCount },
  { header: "export.loanDate", cell: ({ exported }) => exported.contract.loanDate },
  { header: "export.repaymentDate", cell: ({ exported }) => exported.contract.repaymentDate },
  { header: "export.nextDueDate", cell: ({ exported }) => exported.contract.dueDate },
  { header: "export.repaidAmount", cell: ({ exported }) => exported.contract.repaidAmount },
  { header: "export.waivedAmount", cell: ({ exported }) => exported.contract.waivedAmount },
  {
    header: "export.outstandingAmount",
    cell: ({ exported }) => exported.contract.outstandingAmount,
  },
  { header: "export.overdueAmount", cell: ({ exported }) => exported.contract.overdueAmount },
  { header: "export.overdueInterest", cell: ({ exported }) => exported.contract.overdueInterest },
  {
    header: "export.effectiveAnnualRate",
    cell: ({ exported }) => exported.contract.effectiveAnnualRatePercent,
  },
  { header: "export.overdueRate", cell: ({ exported }) => exported.contract.overdueRatePercent },
  { header: "export.lender", cell: ({ exported }) => exported.contract.lender },
  { header: "export.merchantName", cell: ({ exported }) => exported.contract.merchantName },
  {
    header: "export.createdOn",
    cell: ({ exported }) => dateOf(exported.contract.createdAt, exported.timeZone),
  },
  {
    header: "export.signedOn",
    cell: ({ exported }) => dateOf(exported.contract.signedAt, exported.timeZone),
  },
  // The number people quote (docs/contracts.md); the id above stays the files' join key.
  { header: "export.contractNumber", cell: ({ exported }) => exported.contract.number },
];

/** schedule.csv: one row per instalment, its balance today. */
const scheduleColumns: Column<ScheduleRow>[] = [
  contractId,
  contractName,
  status,
  borrowerPhone,
  currency,
  { header: "export.instalmentNumber", cell: ({ instalment }) => instalment.index },
  { header: "export.originalDueDate", cell: ({ instalment }) => instalment.originalDueDate },
  { header: "export.dueDate", cell: ({ instalment }) => instalment.dueDate },
  { header: "export.instalmentAmount", cell: ({ instalment }) => instalment.amount },
  { header: "export.repaidAmount", cell: ({ instalment }) => instalment.repaid },
  { header: "export.waivedAmount", cell: ({ instalment }) => instalment.waived },
  { header: "export.outstandingAmount", cell: ({ instalment }) => instalment.outstanding },
  { header: "export.daysOverdue", cell: ({ instalment }) => instalment.daysOverdue },
  { header: "export.overdueInterest", cell: ({ instalment }) => instalment.overdueInterest },
];

/** ledger.csv: one row per ledger entry, in the order written (docs/money.md). */
const ledgerColumns: Column<LedgerRow>[] = [
  contractId,
  contractName,
  borrowerPhone,
  currency,
  { header: "export.entryNumber", cell: ({ entry }) => entry.seq },
  {
    header: "export.entryKind",
    cell: ({ entry }, locale) => serverText(`ledger.kind.${entry.kind}`, locale),
  },
  { header: "export.instalmentNumber", cell: ({ entry }) => entry.instalmentIndex },
  { header: "export.amount", cell: ({ entry }) => entry.amount },
  { header: "export.effectiveOn", cell: ({ entry }) => entry.date },
  { header: "export.newDueDate", cell: ({ entry }) => entry.newDueDate },
  {
    header: "export.reversesEntry",
    cell: ({ entry, seqById }) =>
      entry.reversesEntryId === null ? null : (seqById.get(entry.reversesEntryId) ?? null),
  },
  { header: "export.reversedBy", cell: ({ reversedBySeq }) => reversedBySeq },
  { header: "export.reason", cell: ({ entry }) => entry.reason },
  {
    header: "export.recordedOn",
    cell: ({ entry, exported }) => dateOf(entry.recordedAt, exported.timeZone),
  },
];

/** The header row of a file, in the caller's language. */
export function exportHeader(kind: ContractExportKind, locale: Locale): CsvCell[] {
  const columns: readonly Column<never>[] =
    kind === "contracts" ? contractColumns : kind === "schedule" ? scheduleColumns : ledgerColumns;
  return columns.map((column) => serverText(column.header, locale));
}

/** The rows one contract gives in a file: one, one per instalment, or one per ledger entry. */
export function exportRows(
  kind: ContractExportKind,
  exported: ExportedContract,
  locale: Locale,
): CsvCell[][] {
  const cells = <Row>(columns: readonly Column<Row>[], row: Row) =>
    columns.map((column) => column.cell(row, locale));
  switch (kind) {
    case "contracts":
      return [cells(contractColumns, { exported })];
    case "schedule":
      return exported.contract.schedule.map((instalment) =>
        cells(scheduleColumns, { exported, instalment }),
      );
    case "ledger": {
      const seqById = new Map(exported.ledger.map((entry) => [entry.id, entry.seq]));
      const reversedBy = new Map(
        exported.ledger
          .filter((entry) => entry.reversesEntryId !== null)
          .map((entry) => [entry.reversesEntryId, entry.seq]),
      );
      return exported.ledger.map((entry) =>
        cells(ledgerColumns, {
          exported,
          entry,
          seqById,
          reversedBySeq: reversedBy.get(entry.id) ?? null,
        }),
      );
    }
  }
}
