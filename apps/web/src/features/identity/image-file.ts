import { uploadRules } from "@chayong/domain";

/** A photo over the upload limit, even after scaling it down. */
export class ImageTooLarge extends Error {
  override readonly name = "ImageTooLarge";
}

/** The longest side the server keeps (docs/identity.md: it scales larger images down to it). */
const maxSide = 3000;

/**
 * A photo the server takes: anything within the 10 MB limit as it is; a larger one (a phone's
 * full-size photo) scaled down to 3,000 px on its longest side, as the server would, and sent as
 * a JPEG, instead of being refused after a long wait.
 */
export async function fitForUpload(file: Blob): Promise<Blob> {
  if (file.size <= uploadRules.maxBytes) return file;
  let smaller: Blob | null = null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    smaller = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", 0.9),
    );
  } catch {
    // Not an image the browser can read: the server would refuse it too.
  }
  if (!smaller || smaller.size > uploadRules.maxBytes) throw new ImageTooLarge();
  return smaller;
}
