/**
 * How long the file's address stays valid after the download starts. Revoking it at once can
 * cancel the download in some phone browsers; a minute is far more than they need to begin.
 */
const keepAddressMs = 60_000;

/** Saves the signed contract's PDF bytes as a file download under `fileName`. */
export function savePdfFile(bytes: Uint8Array, fileName: string): void {
  const file = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" });
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
