import { actionFrames, faceFixture } from "@chayong/server/testing";
import type { Page } from "@playwright/test";

/**
 * The phone's front camera, played by the test: `getUserMedia` answers a stream drawn from a
 * canvas that shows the picture the test puts there (640x480, the face about the size of the
 * face check's oval, on a grey background). The camera is outside the product; what the page
 * does with it (the detector, the steady second, the challenge's frames, the uploads) and what
 * the server judges are not. A fixed video cannot follow a challenge drawn at random; the test
 * can: it reads the instruction, then turns the head.
 *
 * `still`: the same picture in every frame, as a photo held up to a camera in perfect stillness
 * would give. `live`: the brightness drifts, as a real camera's exposure does (the liveness check
 * refuses frames that are copies of one picture).
 */
export interface ScriptedCamera {
  /** The face straight ahead, as a photo (`still`) or as a person (`live`). */
  show(options: { live: boolean }): Promise<void>;
  /** The head turns as the challenge asks (the kit's synthetic turn, liveness-fixtures.ts). */
  turn(action: "turnLeft" | "turnRight", options?: { stepMs?: number }): Promise<void>;
}

const frameSize = { width: 640, height: 480, face: 260 };

/** `face`: the face fixture the camera shows. */
export async function scriptedCamera(page: Page, face: string): Promise<ScriptedCamera> {
  await page.addInitScript((size) => {
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    const state: { image: HTMLImageElement | null; live: boolean } = { image: null, live: false };
    const draw = () => {
      if (!context) return;
      // Live: the exposure drifts, 0.88 to 1.12 over 3 s and again, so no two frames of a
      // 1.5 s burst are alike (random steps made two alike in about half the bursts).
      context.filter = state.live
        ? `brightness(${0.88 + ((performance.now() % 3000) / 3000) * 0.24})`
        : "none";
      context.fillStyle = "#8c9099";
      context.fillRect(0, 0, size.width, size.height);
      const image = state.image;
      if (!image) return;
      const height = (size.face * image.naturalHeight) / image.naturalWidth;
      context.drawImage(
        image,
        (size.width - size.face) / 2,
        (size.height - height) / 2,
        size.face,
        height,
      );
    };
    setInterval(draw, 50);
    const decoded = async (dataUrl: string) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      return image;
    };
    Object.assign(window, {
      scriptedCamera: {
        async show(dataUrl: string, live: boolean) {
          state.image = await decoded(dataUrl);
          state.live = live;
          draw();
        },
        // Every picture decoded first, then one each `stepMs` by the page's own clock.
        async play(dataUrls: string[], stepMs: number) {
          const images = await Promise.all(dataUrls.map(decoded));
          state.live = true;
          for (const image of images) {
            state.image = image;
            draw();
            await new Promise((resume) => setTimeout(resume, stepMs));
          }
        },
      },
    });
    const media = navigator.mediaDevices;
    if (media) media.getUserMedia = async () => canvas.captureStream(20);
  }, frameSize);

  const dataUrl = (bytes: Uint8Array) =>
    `data:image/jpeg;base64,${Buffer.from(bytes).toString("base64")}`;
  type InPage = {
    scriptedCamera: {
      show(url: string, live: boolean): Promise<void>;
      play(urls: string[], stepMs: number): Promise<void>;
    };
  };
  const put = (bytes: Uint8Array, live: boolean) =>
    page.evaluate(
      ([url, isLive]) => (window as unknown as InPage).scriptedCamera.show(url, isLive),
      [dataUrl(bytes), live] as const,
    );

  // Made before the camera is used: a turn must start within the burst's first frames.
  const turns = {
    turnLeft: (await actionFrames(face, "turnLeft")) ?? [],
    turnRight: (await actionFrames(face, "turnRight")) ?? [],
  };
  return {
    show: ({ live }) => put(faceFixture(face), live),
    turn: (action, { stepMs = 100 } = {}) =>
      page.evaluate(
        ([urls, step]) => (window as unknown as InPage).scriptedCamera.play(urls, step),
        [turns[action].map(dataUrl), stepMs] as const,
      ),
  };
}
