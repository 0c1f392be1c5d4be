// The transport's waits, apart from its HTTP client: the page's first reads use them too.

/** Request time-out (docs/constants.md#time-outs-and-waits, first reading). */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** Slow-network notice (docs/constants.md#time-outs-and-waits). */
export const DEFAULT_SLOW_NETWORK_MS = 5_000;
/** Uploads carry images over phone networks (docs/constants.md#time-outs-and-waits, second reading: 60 s for uploads). */
export const DEFAULT_UPLOAD_TIMEOUT_MS = 60_000;
