import { csvByteOrderMark } from "@chayong/domain";

/**
 * How long the file's address stays valid after the download starts. Revoking it at once can
 * cancel the download in some phone browsers; a minute is far more than they need to begin.
 */
const keepAddressMs = 60_000;

/**
 * Saves CSV text as a file download. The SDK hands the text without the byte-order mark
 * (decoding UTF-8 drops it); the file gets it back, so spreadsheet programs in Korea and Taiwan
 * read it as UTF-8 (docs/export.md).
 */
export function saveCsvFile(text: string, fileName: string): void {
  const file = new Blob([csvByteOrderMark, text], { type: "text/csv;charset=utf-8" });
  const address = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = address;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), keepAddressMs);
}
