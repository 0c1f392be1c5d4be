import { atom, type PrimitiveAtom } from "jotai";

type Reset = (set: <Value>(target: PrimitiveAtom<Value>, value: Value) => void) => void;

const resets: Reset[] = [];

/**
 * Memory that belongs to one session (a draft, a chosen template, a drawn signature): it is
 * forgotten when the session token changes (login, logout, session end), so the next person on
 * the same phone never sees it.
 */
export function sessionScopedAtom<Value>(initial: Value): PrimitiveAtom<Value> {
  const scoped = atom(initial);
  resets.push((set) => set(scoped, initial));
  return scoped;
}

/** The same for plain module memory (caches). */
export function onSessionChange(forget: () => void): void {
  resets.push(() => forget());
}

export const forgetSessionAtom = atom(null, (_get, set) => {
  for (const reset of resets) reset(set);
});
