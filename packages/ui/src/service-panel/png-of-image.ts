/** The image at `url` as a PNG blob: as it came when it is one, else redrawn on a canvas. */
export async function pngOfImage(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`image answered ${response.status}`);
  const image = await response.blob();
  if (image.type === "image/png") return image;
  const bitmap = await createImageBitmap(image);
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (png) => (png ? resolve(png) : reject(new Error("the image could not be redrawn"))),
      "image/png",
    ),
  );
}
