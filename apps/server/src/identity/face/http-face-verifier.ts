import * as v from "valibot";
import { checkThresholds, judgeFaces } from "./face-judging";
import {
  type FaceReference,
  type FaceThresholds,
  type FaceVerifier,
  FaceVerifierError,
} from "./face-verifier";

/** Without a setting: well inside the app's 15 s call time-out, so the borrower gets an answer. */
export const DEFAULT_FACE_VERIFIER_TIMEOUT_MS = 10_000;

export interface HttpFaceVerifierOptions {
  /** Where the service (or a thin proxy in front of a vendor's) takes `POST` requests. */
  url: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** The whole exchange, answer included. */
  timeoutMs: number;
  /** Applied to the service's similarities: set from the service's own measurements. */
  thresholds: FaceThresholds;
  fetch?: typeof fetch;
}

const unitScoreSchema = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const faceCountSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The service's answer (docs/identity.md, "A vendor's service"). */
export const httpFaceAnswerSchema = v.object({
  live: v.object({
    faces: faceCountSchema,
    real: v.optional(v.nullable(unitScoreSchema), null),
    live: v.optional(v.nullable(unitScoreSchema), null),
  }),
  comparisons: v.array(
    v.object({
      reference: v.string(),
      similarity: v.nullable(unitScoreSchema),
      faces: faceCountSchema,
    }),
  ),
});
export type HttpFaceAnswer = v.InferOutput<typeof httpFaceAnswerSchema>;

/**
 * A face verification service over HTTP (docs/identity.md, "A vendor's service"): it finds and
 * compares the faces, and this adapter judges its answer by the same rules and thresholds as
 * the local engine (face-judging.ts). A time-out, no connection, a non-2xx status or an answer
 * that breaks the contract throws a `FaceVerifierError`, whose message names the host only:
 * the URL's path or query may hold a secret, and neither images nor the key are ever put in it.
 */
export function createHttpFaceVerifier(options: HttpFaceVerifierOptions): FaceVerifier {
  const { url, apiKey, timeoutMs, thresholds, fetch: fetchImpl = fetch } = options;
  checkThresholds(thresholds);
  const service = `face verifier ${new URL(url).host}`;
  return {
    async verify(live, references) {
      if (references.length === 0) throw new RangeError("verify needs at least one reference");
      const names = new Set(references.map((reference) => reference.name));
      if (names.size !== references.length) {
        throw new RangeError("verify needs references with distinct names");
      }
      const body = JSON.stringify({
        live: base64(live),
        references: references.map((reference) => ({
          name: reference.name,
          image: base64(reference.image),
          match: reference.match ?? "best",
          minFaces: reference.minFaces ?? 1,
        })),
      });
      let text: string;
      try {
        const response = await fetchImpl(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            authorization: `Bearer ${apiKey}`,
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          // The body is not read into the message: a service may echo what it was sent.
          await response.body?.cancel();
          throw new FaceVerifierError("refused", `${service} answered HTTP ${response.status}`);
        }
        text = await response.text();
      } catch (error) {
        if (error instanceof FaceVerifierError) throw error;
        if (error instanceof Error && error.name === "TimeoutError") {
          throw new FaceVerifierError("timeout", `${service} did not answer in ${timeoutMs} ms`);
        }
        throw new FaceVerifierError("unreachable", `${service} could not be reached`, {
          cause: error,
        });
      }
      return judgeFaces(thresholds, references, readAnswer(text, references, service));
    },
  };
}

function readAnswer(text: string, references: readonly FaceReference[], service: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FaceVerifierError("malformed", `${service} answered something other than JSON`);
  }
  const parsed = v.safeParse(httpFaceAnswerSchema, json);
  if (!parsed.success) {
    // Where and what was expected, never the value received.
    const where = parsed.issues
      .map((issue) => `${v.getDotPath(issue) ?? "(answer)"}: expected ${issue.expected}`)
      .join("; ");
    throw new FaceVerifierError("malformed", `${service} answered off the contract: ${where}`);
  }
  const answer = parsed.output;
  const byName = new Map(
    answer.comparisons.map((comparison) => [comparison.reference, comparison]),
  );
  const unknown = answer.comparisons.filter(
    (comparison) => !references.some((reference) => reference.name === comparison.reference),
  );
  if (byName.size !== answer.comparisons.length || unknown.length > 0) {
    throw new FaceVerifierError(
      "malformed",
      `${service} answered comparisons other than one per reference`,
    );
  }
  return {
    live: {
      faces: answer.live.faces,
      // A face the service cannot compare is answered as no face (the contract).
      comparable: true,
      real: answer.live.real,
      live: answer.live.live,
    },
    references: references.map((reference) => {
      const comparison = byName.get(reference.name);
      if (comparison === undefined) {
        throw new FaceVerifierError(
          "malformed",
          `${service} answered no comparison for ${reference.name}`,
        );
      }
      return { faces: comparison.faces, similarity: comparison.similarity };
    }),
  };
}

function base64(image: Uint8Array): string {
  return Buffer.from(image.buffer, image.byteOffset, image.byteLength).toString("base64");
}
