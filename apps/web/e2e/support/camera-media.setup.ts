import { execFileSync } from "node:child_process";
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { faceFixture } from "@chayong/server/testing";
import { test as setup } from "@playwright/test";
import { faceVideoPath, videoFace } from "./camera";

// A 640x480 video of a still face in the middle, about the size of the face check's oval (the
// fixture is a ~140 px crop, scaled up to 260 px), on a grey background: 3 s at 10 fps, which
// Chromium loops. Debian's ffmpeg makes it.
setup("a face video for Chromium's fake camera", () => {
  const dir = mkdtempSync(join(tmpdir(), "chayong-e2e-face-"));
  try {
    const still = join(dir, "face.jpg");
    const video = join(dir, "face.y4m");
    writeFileSync(still, faceFixture(videoFace));
    execFileSync(
      "ffmpeg",
      [
        ...["-y", "-loglevel", "error", "-loop", "1", "-i", still, "-t", "3", "-r", "10"],
        ...["-vf", "scale=260:260,pad=640:480:(ow-iw)/2:(oh-ih)/2:color=0x8c9099"],
        ...["-pix_fmt", "yuv420p", video],
      ],
      { stdio: "pipe" },
    );
    // Whole or not at all: a browser never reads a half-written file.
    renameSync(video, faceVideoPath);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
