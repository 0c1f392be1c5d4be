// The transport's waits and the failure when one runs out, apart from its HTTP client: an
// app's first screen (its first reads) uses them without the rest of the package.
import { TransportError } from "../errors/transport-error.ts";

/** Request time-out (docs/constants.md#time-outs-and-waits, first reading). */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** Slow-network notice (docs/constants.md#time-outs-and-waits). */
export const DEFAULT_SLOW_NETWORK_MS = 5_000;
/** Uploads carry images over phone networks (docs/constants.md#time-outs-and-waits, second reading: 60 s for uploads). */
export const DEFAULT_UPLOAD_TIMEOUT_MS = 60_000;

/** The failure of a call that got no answer within its time-out (docs/errors.md). */
export function timeoutFailure(timeoutMs: number, cause?: unknown): TransportError {
  return new TransportError("timeout", "transport.timeout", "network request timed out", {
    params: { timeoutMs },
    cause,
  });
}
