export interface RuntimeSettings {
  /** API base URL: same origin unless VITE_API_BASE_URL says otherwise. */
  baseUrl: string;
  /** Hex key and IV fixed at build time; empty = the transport's development defaults. */
  cipherKeyHex: string;
  cipherIvHex: string;
  /** Per-request time-out; default 15000 ms (docs/constants.md#time-outs-and-waits). */
  timeoutMs?: number;
  /** When the slow-network notice appears; default 5000 ms (docs/constants.md#time-outs-and-waits). */
  slowNetworkMs?: number;
}

/** A time from the page address: whole milliseconds between 100 ms and 2 minutes, else none. */
function millisecondsParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 100 && value <= 120_000 ? value : undefined;
}

/**
 * Settings of this build and this page load. `?timeoutMs=` and `?slowNetworkMs=` in the page
 * address (before the '#') shorten the waits for end-to-end tests; they only change how long
 * this browser waits for its own requests.
 */
export function readRuntimeSettings(
  search: string = globalThis.location?.search ?? "",
): RuntimeSettings {
  const params = new URLSearchParams(search);
  const settings: RuntimeSettings = {
    baseUrl: import.meta.env.VITE_API_BASE_URL || "/",
    cipherKeyHex: __CHAYONG_CIPHER_KEY__,
    cipherIvHex: __CHAYONG_CIPHER_IV__,
  };
  const timeoutMs = millisecondsParam(params, "timeoutMs");
  const slowNetworkMs = millisecondsParam(params, "slowNetworkMs");
  if (timeoutMs !== undefined) settings.timeoutMs = timeoutMs;
  if (slowNetworkMs !== undefined) settings.slowNetworkMs = slowNetworkMs;
  return settings;
}
