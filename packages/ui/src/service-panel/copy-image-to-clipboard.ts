/** Whether this browser can put an image on the clipboard (the async Clipboard API's write). */
export function canCopyImages(): boolean {
  return (
    typeof ClipboardItem !== "undefined" &&
    typeof globalThis.navigator?.clipboard?.write === "function"
  );
}

/**
 * Copies the image at `url` to the clipboard as a PNG (the one image type every browser accepts
 * there), so it can be pasted into a chat. False when the browser cannot, or the image cannot be
 * read (another site that does not allow it, a format the browser cannot redraw).
 */
export async function copyImageToClipboard(url: string): Promise<boolean> {
  if (!canCopyImages()) return false;
  try {
    // The item is made within the tap with a promise of its data: Safari requires that. The
    // code that redraws the image loads only then (the first screen does not need it).
    const png = import("./png-of-image").then((module) => module.pngOfImage(url));
    await navigator.clipboard.write([new ClipboardItem({ "image/png": png })]);
    return true;
  } catch {
    return false;
  }
}
