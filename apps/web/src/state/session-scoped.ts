import {
  atom,
  type createStore,
  type Getter,
  type PrimitiveAtom,
  type SetStateAction,
  type WritableAtom,
} from "jotai";
import { tokenAtom } from "./storage";
import { isLoginInfo, readStored, storageKeys } from "./stored-values";

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

/**
 * The session storage entries of sessionStoredAtom, all named here: a session change forgets them
 * even before the screen that writes one has loaded (after a reload on another page).
 */
export const sessionStoredKeys = {
  contractDraft: "contractDraft",
  pendingSignature: "pendingSignature",
} as const;
type SessionStoredKey = (typeof sessionStoredKeys)[keyof typeof sessionStoredKeys];

/**
 * Session storage entries of one session that nothing keeps across a session change (the ID card
 * form: the borrower's name, birthday, address): named here, so a change forgets them even when
 * the screen that writes one has not loaded since a reload.
 */
export const sessionOnlyStorageKeys = {
  idCardForm: "idCardForm",
} as const;

/** A stored entry: the value and the user it belongs to. */
interface StoredEntry {
  userId: string;
  value: unknown;
}

function readEntry(key: string): StoredEntry | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    const entry: unknown = raw ? JSON.parse(raw) : null;
    return typeof entry === "object" &&
      entry !== null &&
      typeof (entry as StoredEntry).userId === "string" &&
      "value" in entry
      ? (entry as StoredEntry)
      : null;
  } catch {
    return null;
  }
}

function writeEntry(key: string, entry: StoredEntry | null): void {
  try {
    if (entry === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, JSON.stringify(entry));
  } catch {
    // Storage full or unavailable: the value lives in memory only.
  }
}

/**
 * The user logged in now, read from local storage itself rather than its atom: another tab's
 * login or logout reaches storage at once, while an atom nothing subscribes to keeps the value it
 * had (src/state/storage.ts). Sign-in and sign-out write the user before the token.
 */
function currentUserId(): string | undefined {
  return readStored(storageKeys.loginInfo, isLoginInfo, null)?.userId;
}

/**
 * Set while the app's own session ends by itself (endSessionKeepingWork): what sessionStoredAtom
 * keeps stays stored, for its user's return.
 */
const sessionEndingAtom = atom(false);

/**
 * Session-scoped memory that a reload or an ended session does not lose (an unfinished contract
 * draft; docs/login.md#session-end-in-the-app): besides memory, it is kept in the tab's session
 * storage under `key` (it dies with the tab), tagged with the user it belongs to (loginInfo's
 * userId; with no user known, it is not stored). It is read only by that same user: after a
 * reload, or after his next login when his session ended by itself. Every other session change
 * (a logout, another user's login) forgets the stored copy too.
 */
export function sessionStoredAtom<Value>(
  key: SessionStoredKey,
  initial: Value,
  isValue: (value: unknown) => value is Value,
): WritableAtom<Value, [SetStateAction<Value>], void> {
  // Not yet read from session storage (each store, and each session, reads it on first use).
  const notRead = Symbol("notRead");
  const memory = sessionScopedAtom<Value | typeof notRead>(notRead);
  const read = (get: Getter): Value => {
    const value = get(memory);
    if (value !== notRead) return value;
    // Read again at each session change (the user is read from storage, which jotai cannot see).
    get(tokenAtom);
    const userId = currentUserId();
    const entry = readEntry(key);
    return entry !== null && entry.userId === userId && isValue(entry.value)
      ? entry.value
      : initial;
  };
  return atom(read, (get, set, update: SetStateAction<Value>) => {
    const next =
      typeof update === "function" ? (update as (previous: Value) => Value)(read(get)) : update;
    set(memory, next);
    const userId = currentUserId();
    // Written with no session (a screen still open as it ends): memory only, and what is
    // stored for the user's return stays.
    if (userId === undefined) return;
    writeEntry(key, next === initial ? null : { userId, value: next });
  });
}

/**
 * Every change of the session token (src/app/bootstrap.tsx): session memory goes back to its
 * initial values, and sessionStoredAtom's stored copies go unless they belong to the user now
 * logged in (the same user again) or the session is ending by itself.
 */
export const forgetSessionAtom = atom(null, (get, set) => {
  for (const key of Object.values(sessionOnlyStorageKeys)) writeEntry(key, null);
  if (!get(sessionEndingAtom)) {
    const userId = currentUserId();
    for (const key of Object.values(sessionStoredKeys)) {
      if (readEntry(key)?.userId !== userId) writeEntry(key, null);
    }
  }
  for (const reset of resets) reset(set);
});

/**
 * The app's own session ends by itself, not by a logout (a 301, 'log in again';
 * docs/login.md#session-end-in-the-app): `end` clears the session, and what sessionStoredAtom
 * keeps stays stored for the same user's next login. Another user's login drops it. (The token's
 * change reaches forgetSessionAtom within `end`: jotai calls the app's subscription before
 * store.set returns.)
 */
export function endSessionKeepingWork(store: ReturnType<typeof createStore>, end: () => void) {
  store.set(sessionEndingAtom, true);
  try {
    end();
  } finally {
    store.set(sessionEndingAtom, false);
  }
}
