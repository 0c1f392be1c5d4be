const maxTimeoutMs = 2_147_483_647;

/** ky refuses time-outs a timer cannot hold; catch them where they are set, with a clear error. */
export function checkTimeout(ms: number, name = "timeoutMs"): number {
  if (!(Number.isFinite(ms) && ms > 0 && ms <= maxTimeoutMs)) {
    throw new RangeError(`${name} must be between 1 and ${maxTimeoutMs} ms, got ${ms}`);
  }
  return ms;
}
