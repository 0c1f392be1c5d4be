/**
 * The burst of frames that answers a liveness challenge (docs/identity.md, "Liveness"): a moment
 * to read the instruction and start moving, then `frames` frames `everyMs` apart (about two
 * seconds: a head turn or a blink fits in it).
 */
export const challengeTiming = { leadMs: 800, frames: 6, everyMs: 300 } as const;

/** Records the frames, reporting how many are done after each (0 before the first). */
export async function recordChallenge(
  grab: () => Promise<Blob>,
  onProgress: (done: number) => void,
  timing: { leadMs: number; frames: number; everyMs: number } = challengeTiming,
): Promise<Blob[]> {
  const wait = (ms: number) => new Promise((resume) => setTimeout(resume, ms));
  onProgress(0);
  await wait(timing.leadMs);
  const frames: Blob[] = [];
  for (let i = 0; i < timing.frames; i++) {
    if (i > 0) await wait(timing.everyMs);
    frames.push(await grab());
    onProgress(frames.length);
  }
  return frames;
}
