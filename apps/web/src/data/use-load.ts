import { type DependencyList, useCallback, useEffect, useRef, useState } from "react";

export type Loaded<T> =
  | { status: "loading"; data?: T; error?: undefined }
  | { status: "done"; data: T; error?: undefined }
  | { status: "failed"; data?: T; error: unknown };

/**
 * Runs `load` when the screen opens and whenever `deps` change; an answer that arrives after
 * the screen moved on (unmount, newer deps) is dropped. `reload` runs it again.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ status: "loading", data: previous.data }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "done", data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "failed", error });
      },
    );
    return () => controller.abort();
  }, [...deps, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}
