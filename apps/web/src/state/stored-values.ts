/**
 * Everything the app keeps in the browser's local storage (docs/entities.md#local-storage "Locally stored data"),
 * under exactly the spec's names. Values are JSON; a value someone wrote by hand as a bare
 * string (e.g. a token) is read as that string. Apart from the app's state (storage.ts): the
 * page's first reads (src/first-read/) read them before the app's code has arrived.
 */
export const storageKeys = {
  token: "token",
  loginInfo: "loginInfo",
  setLanguageIndex: "setLanguageIndex",
  languageIndex: "languageIndex",
  locationFlag: "locationFlag",
  device: "device",
  first: "first",
  serviceX: "serviceX",
  serviceY: "serviceY",
} as const;

/** Entries that survive a storage clear (docs/login.md#session-end-in-the-app "Session"). */
export const keptOnClear: ReadonlySet<string> = new Set([
  storageKeys.locationFlag,
  storageKeys.device,
]);

export interface LoginInfo {
  userId: string;
  uuId: string;
}

/** The device entry: an advertising-style id made once per browser, plus the last known user. */
export interface DeviceEntry {
  adid: string;
  uuId?: string;
  userId?: string;
}

/** The stored JSON value of `key`, or its text when it is not JSON, or undefined. */
export function readRaw(key: string): unknown {
  const raw = globalThis.localStorage?.getItem(key);
  if (raw === null || raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The stored value of `key` when it is what `isValue` expects, else `initialValue`. */
export function readStored<Value>(
  key: string,
  isValue: (value: unknown) => value is Value,
  initialValue: Value,
): Value {
  const value = readRaw(key);
  return isValue(value) ? value : initialValue;
}

export const isString = (value: unknown): value is string =>
  typeof value === "string" && value !== "";
export const isNullableString = (value: unknown): value is string | null =>
  value === null || isString(value);
export const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);
export const isLanguageIndex = (value: unknown): value is number => value === 0 || value === 1;
export const isNullableLanguageIndex = (value: unknown): value is number | null =>
  value === null || isLanguageIndex(value);
export const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
export const isLoginInfo = (value: unknown): value is LoginInfo | null =>
  value === null ||
  (typeof value === "object" &&
    typeof (value as LoginInfo).userId === "string" &&
    typeof (value as LoginInfo).uuId === "string");
