/**
 * The front camera for the live face check. Any failure (no camera API outside a secure context,
 * no camera, permission refused, camera busy) is one answer for the borrower: 'failed to access
 * media device', with the photo fallback.
 */
export class CameraUnavailable extends Error {
  override readonly name = "CameraUnavailable";
}

export async function openFrontCamera(): Promise<MediaStream> {
  const media = globalThis.navigator?.mediaDevices;
  if (!media?.getUserMedia) throw new CameraUnavailable("no camera API");
  try {
    return await media.getUserMedia({
      audio: false,
      video: { facingMode: "user", width: { ideal: 640 }, height: { ideal: 480 } },
    });
  } catch (cause) {
    throw new CameraUnavailable("the camera could not be opened", { cause });
  }
}

export function closeCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The video's current frame, as the camera sees it (not mirrored), as a JPEG. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext("2d");
  if (!context || canvas.width === 0) return Promise.reject(new Error("no video frame"));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("the frame could not be encoded"))),
      "image/jpeg",
      0.92,
    ),
  );
}
