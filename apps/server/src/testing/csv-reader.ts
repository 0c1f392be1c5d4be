/**
 * An RFC 4180 reader, as a spreadsheet program reads a file: records of fields, quotes undone.
 * For tests of the CSV export; throws on a file whose last record has no CRLF.
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
