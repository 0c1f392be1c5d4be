import { atom, type WritableAtom } from "jotai";
import { atomWithLazy, RESET } from "jotai/utils";
import {
  type DeviceEntry,
  isBoolean,
  isLanguageIndex,
  isLoginInfo,
  isNullableLanguageIndex,
  isNullableString,
  isNumber,
  keptOnClear,
  type LoginInfo,
  readStored,
  storageKeys,
} from "./stored-values";

export { type DeviceEntry, keptOnClear, type LoginInfo, storageKeys } from "./stored-values";

export const serviceButtonDefaults = { x: 1000, y: 10000 } as const;

type Update<Value> = Value | typeof RESET | ((previous: Value) => Value | typeof RESET);

/**
 * An atom mirrored in local storage. Each store reads the stored value the first time the atom is
 * used (so a fresh store sees what is stored now), writes go through to storage, RESET removes
 * the entry, and changes made by other tabs flow in while the atom is mounted.
 */
function persistedAtom<Value>(
  key: string,
  initialValue: Value,
  isValue: (value: unknown) => value is Value,
) {
  const read = (): Value => readStored(key, isValue, initialValue);
  const base = atomWithLazy<Value>(read);
  base.onMount = (setSelf) => {
    if (typeof window === "undefined") return undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) setSelf(read());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  };
  return atom(
    (get) => get(base),
    (get, set, update: Update<Value>) => {
      const next =
        typeof update === "function"
          ? (update as (previous: Value) => Value | typeof RESET)(get(base))
          : update;
      if (next === RESET) {
        globalThis.localStorage?.removeItem(key);
        set(base, initialValue);
      } else {
        globalThis.localStorage?.setItem(key, JSON.stringify(next));
        set(base, next);
      }
    },
  );
}

export const tokenAtom = persistedAtom<string | null>(storageKeys.token, null, isNullableString);
export const loginInfoAtom = persistedAtom<LoginInfo | null>(
  storageKeys.loginInfo,
  null,
  isLoginInfo,
);
/** The language the user chose explicitly (null until they choose). */
export const setLanguageIndexAtom = persistedAtom<number | null>(
  storageKeys.setLanguageIndex,
  null,
  isNullableLanguageIndex,
);
/** The active language: 0 ko-KR (default), 1 zh-TW. */
export const languageIndexAtom = persistedAtom<number>(
  storageKeys.languageIndex,
  0,
  isLanguageIndex,
);
export const locationFlagAtom = persistedAtom<boolean>(storageKeys.locationFlag, false, isBoolean);
/** Set when the user gives up identity verification (docs/screens.md#verification-flow). */
export const firstAtom = persistedAtom<boolean>(storageKeys.first, false, isBoolean);
const isServiceX = (value: unknown): value is number | "left" | "right" =>
  isNumber(value) || value === "left" || value === "right";
/**
 * The service button's resting place (docs/service-button.md#where-it-rests): serviceX is the
 * side edge ("left" | "right") and serviceY the fraction of the screen's height (0..1, 1 = at the
 * bottom), so it holds when the phone turns; numbers in serviceX are the pixels older versions
 * stored (the defaults 1000 / 10000 included), which the button migrates on its first start.
 */
export const serviceXAtom = persistedAtom<number | "left" | "right">(
  storageKeys.serviceX,
  serviceButtonDefaults.x,
  isServiceX,
);
export const serviceYAtom = persistedAtom<number>(
  storageKeys.serviceY,
  serviceButtonDefaults.y,
  isNumber,
);

const isDeviceEntry = (value: unknown): value is DeviceEntry | null =>
  value === null || (typeof value === "object" && typeof (value as DeviceEntry).adid === "string");

const storedDeviceAtom = persistedAtom<DeviceEntry | null>(storageKeys.device, null, isDeviceEntry);

function newAdid(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(16)}-${Math.random()}`;
}

/**
 * The device entry, created (and stored) on first use so that the same browser keeps the same
 * device id across logins and storage clears.
 */
export const deviceAtom = atom(
  (get) => get(storedDeviceAtom),
  (get, set, update?: Partial<Omit<DeviceEntry, "adid">>) => {
    const current = get(storedDeviceAtom) ?? { adid: newAdid() };
    const next = { ...current, ...update };
    set(storedDeviceAtom, next);
    return next;
  },
);

/**
 * The app state reset with the storage. The language is not among them: its stored entries go
 * with the rest, but the screens stay in the language the person reads until the app is opened
 * again, so the login page says in it why the session ended (docs/login.md#session-end-in-the-app).
 */
const clearedAtoms: ReadonlyArray<WritableAtom<unknown, [typeof RESET], void>> = [
  tokenAtom,
  loginInfoAtom,
  firstAtom,
  serviceXAtom,
  serviceYAtom,
];

/**
 * Clears local storage except the location flag and the device entry (docs/login.md#session-end-in-the-app "Session"), and
 * resets the app state that mirrors it.
 */
export const clearStorageAtom = atom(null, (_get, set) => {
  const storage = globalThis.localStorage;
  if (storage) {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null && !keptOnClear.has(key)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  }
  for (const stored of clearedAtoms) set(stored, RESET);
});

/** After login: the session token and loginInfo are kept, and the device learns its user. */
export const signInAtom = atom(null, (_get, set, session: { token: string } & LoginInfo) => {
  // The user first, then the token: what runs on the token's change (src/app/bootstrap.tsx), here
  // or in another tab, finds the user the new session belongs to.
  set(loginInfoAtom, { userId: session.userId, uuId: session.uuId });
  set(deviceAtom, { userId: session.userId, uuId: session.uuId });
  set(tokenAtom, session.token);
});

/**
 * The session a logout under way is ending (src/session/use-log-out.ts): a refusal of it, from a
 * read still on its way, is no news and ends nothing more.
 */
export const endingTokenAtom = atom<string | null>(null);

/** Logout: the session goes; the device, the language and the button position stay. */
export const signOutAtom = atom(null, (_get, set) => {
  // The user first, as at sign-in: the token's change then finds no user (nothing is kept).
  set(loginInfoAtom, RESET);
  set(tokenAtom, RESET);
});
