/**
 * CSV as spreadsheet programs open it (docs/export.md): RFC 4180 fields, CRLF line ends, UTF-8
 * with a byte-order mark, and text a spreadsheet would run as a formula made inert.
 */

/**
 * Written before the first row. Without it, Excel in Korea and Taiwan reads UTF-8 as the local
 * code page (CP949, Big5) and shows every Hangul and Han character garbled.
 */
export const csvByteOrderMark = "\uFEFF";

/** RFC 4180 ends every record with CRLF, the last one included. */
export const csvLineEnd = "\r\n";

/**
 * One cell: text (escaped), a number (written as it is, so it stays a number in the sheet;
 * money is an integer in the smallest unit), or nothing (an empty cell).
 */
export type CsvCell = string | number | null;

/**
 * First characters that make a spreadsheet read a text cell as a formula (`=`, `+`, `-`, `@`) or
 * that some programs strip before doing so (tab, CR): "CSV injection". Such a cell gets a leading
 * apostrophe and is then read as text.
 */
const formulaStarts: ReadonlySet<string> = new Set(["=", "+", "-", "@", "\t", "\r"]);

/** Characters that oblige RFC 4180 to quote a field. */
const needsQuotes = /[",\r\n]/;

/** A text cell as a CSV field: formula-guarded, then quoted when it must be. */
export function csvText(value: string): string {
  const guarded = formulaStarts.has(value.charAt(0)) ? `'${value}` : value;
  return needsQuotes.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/**
 * One cell as a CSV field. Numbers are never guarded: `-5000` stays the number -5000 (only text
 * is escaped). A number that is not finite is a programming error, never written.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null) return "";
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) throw new RangeError(`a CSV number must be finite, got ${cell}`);
    return String(cell);
  }
  return csvText(cell);
}

/** One record: its fields separated by commas, ended by CRLF. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(",")}${csvLineEnd}`;
}

/**
 * A whole file in one string: the byte-order mark, then every record. For small files; a large
 * one is written as the BOM followed by `csvRow`s a page at a time, which gives the same text.
 */
export function csvDocument(rows: readonly (readonly CsvCell[])[]): string {
  return csvByteOrderMark + rows.map(csvRow).join("");
}

/**
 * The reverse of `csvDocument` without its byte-order mark, as a spreadsheet program reads a file:
 * RFC 4180 records of fields, quotes undone. Throws on a file whose last record has no CRLF.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else {
          field += text[i++];
        }
      }
    } else if (text[i] === ",") {
      record.push(field);
      field = "";
      i++;
    } else if (text.startsWith("\r\n", i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 2;
    } else {
      field += text[i++];
    }
  }
  if (field !== "" || record.length > 0) throw new Error("the last record has no CRLF");
  return records;
}
