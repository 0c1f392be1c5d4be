import type { MessageKey } from "@chayong/domain";
import type { Caller } from "../calls/caller";
import type { ServerContext } from "../context";
import { type Outcome, refuse, refuseInput, succeed } from "../outcome";
import { uploadIdOfAddress } from "../uploads/file-addresses";
import { findUpload } from "../uploads/upload-store";
import {
  analyzeFrames,
  judgeLiveness,
  type LivenessAction,
  type LivenessProblem,
  type LivenessResult,
  nothingMeasured,
} from "./face/liveness";
import { settleLivenessChallenge, takeLivenessChallenge } from "./liveness-challenges";

/**
 * The liveness part of `faceCompare` (docs/identity.md, "Liveness"), kept apart from the face
 * comparison: `takeChallenge` before the attempt is counted (no engine runs), `checkLiveness`
 * after.
 */

export interface TakenFrames {
  attemptId: number;
  action: LivenessAction;
  frames: Uint8Array[];
}

/** The challenge (used up from here on, whatever follows) and the frames' bytes. */
export async function takeChallenge(
  ctx: ServerContext,
  caller: Caller,
  input: { challengeId: string; frameUrls: readonly string[] },
  now: Date,
): Promise<Outcome<TakenFrames>> {
  const frames: Uint8Array[] = [];
  for (const address of input.frameUrls) {
    const id = uploadIdOfAddress(address);
    const upload = id === null ? null : await findUpload(ctx.db, id);
    const bytes = upload?.ownerId === caller.userId ? await ctx.files.get(upload.fileKey) : null;
    if (bytes === null) return refuseInput([{ key: "identity.photo.invalid", field: "frameUrls" }]);
    frames.push(bytes);
  }
  const taken = await takeLivenessChallenge(ctx.db, caller.userId, input.challengeId, now);
  if (!taken.ok) return refuse(409, "identity.liveness.challengeExpired");
  return succeed({ attemptId: taken.attemptId, action: taken.action, frames });
}

const problemKeys: Record<LivenessProblem | "noLiveFace" | "severalLiveFaces", MessageKey> = {
  noLiveFace: "identity.face.noFace",
  severalLiveFaces: "identity.face.severalFaces",
  faceLost: "identity.liveness.faceLost",
  stillFrames: "identity.liveness.followInstruction",
  actionMissing: "identity.liveness.followInstruction",
  faceChanged: "identity.liveness.faceChanged",
  spoofSuspected: "identity.liveness.notLive",
};

/** A liveness result, or the live capture's own problem. */
export type LivenessOutcome = Omit<LivenessResult, "problem"> & {
  problem: LivenessProblem | "noLiveFace" | "severalLiveFaces" | null;
};

/** Judges the frames against the challenge's action and the live capture's face. */
export async function checkLiveness(
  ctx: ServerContext,
  taken: TakenFrames,
  liveCapture: Uint8Array,
): Promise<LivenessOutcome> {
  const liveFaces = await ctx.faceAnalyzer.analyze(liveCapture);
  const frames = await analyzeFrames(ctx.faceAnalyzer, taken.frames);
  const liveFace = liveFaces.length === 1 ? liveFaces[0] : undefined;
  const result: LivenessOutcome = liveFace
    ? judgeLiveness(ctx.faceAnalyzer, taken.action, liveFace, frames)
    : {
        // The capture's own problem ('no face', 'more than one face') is what the borrower
        // must fix first.
        passed: false,
        problem: liveFaces.length === 0 ? "noLiveFace" : "severalLiveFaces",
        measured: nothingMeasured(frames),
      };
  await settleLivenessChallenge(ctx.db, taken.attemptId, {
    passed: result.passed,
    details: { problem: result.problem, ...result.measured },
  });
  return result;
}

/** What the face check's attempt records of the liveness check. */
export function livenessRecord(action: LivenessAction, result: LivenessOutcome) {
  return { action, passed: result.passed, problem: result.problem, ...result.measured };
}

export function refuseLiveness(result: LivenessOutcome): Outcome<never> {
  return refuse(400, problemKeys[result.problem ?? "actionMissing"]);
}
