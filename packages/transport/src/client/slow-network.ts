/** What the slow-network callbacks are told about a call. */
export interface PendingCall {
  /** Unique per transport, so the app can pair a notice with its settle. */
  id: number;
  method: "GET" | "POST";
  path: string;
}

export type PendingCallListener = (call: PendingCall) => void;

// setTimeout wraps longer delays to 1 ms; treat them (and Infinity) as "never".
const maxDelay = 2_147_483_647;

/**
 * Fires `onSlow` if the call is still pending after `afterMs`. The returned function is called
 * when the call settles; it fires `onSettled` only for a call that got the notice, so the app
 * can hide exactly what it showed.
 */
export function watchSlowNetwork(
  call: PendingCall,
  afterMs: number,
  onSlow: PendingCallListener | undefined,
  onSettled: PendingCallListener | undefined,
): () => void {
  if (!onSlow && !onSettled) return () => {};
  if (!(afterMs >= 0 && afterMs <= maxDelay)) return () => {};
  let noticed = false;
  const timer = setTimeout(() => {
    noticed = true;
    notify(onSlow, call);
  }, afterMs);
  return () => {
    clearTimeout(timer);
    if (noticed) notify(onSettled, call);
  };
}

// A notice is cosmetic: a throwing listener must not break the call or crash a timer.
function notify(listener: PendingCallListener | undefined, call: PendingCall): void {
  try {
    listener?.(call);
  } catch {
    // ignored on purpose
  }
}
