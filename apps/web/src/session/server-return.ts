import type { createStore } from "jotai";
import { networkDownAtom } from "./error-catalogue";

type Store = ReturnType<typeof createStore>;

/**
 * While the last request got no answer, asks the server's `/healthz` every `intervalMs`: the
 * notice goes as soon as the server is back, not at the next request the person makes.
 * Started with the API chunk (src/session/app-api.ts): only a call can find the server gone, and
 * the shell stays within its size budget. Returns the unsubscribe.
 */
export function watchServerReturn(
  store: Store,
  options: { baseUrl: string; fetch: typeof fetch; intervalMs?: number },
): () => void {
  const intervalMs = options.intervalMs ?? 5000;
  const base = new URL(options.baseUrl, globalThis.location?.href ?? "http://localhost/");
  const healthz = new URL("healthz", base.href.endsWith("/") ? base : `${base.href}/`);
  let timer: ReturnType<typeof setInterval> | undefined;
  const ask = async () => {
    try {
      const answer = await options.fetch(healthz, { cache: "no-store" });
      if (answer.ok) store.set(networkDownAtom, false);
    } catch {
      // Still unreachable: the notice stays.
    }
  };
  const follow = () => {
    const down = store.get(networkDownAtom);
    if (down && timer === undefined) timer = setInterval(() => void ask(), intervalMs);
    if (!down && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  follow();
  const unsubscribe = store.sub(networkDownAtom, follow);
  return () => {
    unsubscribe();
    if (timer !== undefined) clearInterval(timer);
  };
}
