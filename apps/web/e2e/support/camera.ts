import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// Chromium's fake camera plays a Y4M file (--use-file-for-fake-video-capture). The file is made
// at test time (camera-media.setup.ts) from a face fixture of the server's identity tests, at a
// path that playwright.config.ts names before the browser starts: one per checkout, in the
// system's temp folder (outside the repository, never committed).
const checkout = createHash("sha256")
  .update(resolve(import.meta.dirname, "..", ".."))
  .digest("hex")
  .slice(0, 12);

export const faceVideoPath = join(tmpdir(), `chayong-e2e-face-${checkout}.y4m`);

/** The face fixture the video shows, and the ID card's portrait (the same person). */
export const videoFace = "faceid.jpg";
