import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import {
  endSessionKeepingWork,
  forgetSessionAtom,
  onSessionChange,
  sessionScopedAtom,
  sessionStoredAtom,
  sessionStoredKeys,
} from "./session-scoped";
import { clearStorageAtom, signInAtom, signOutAtom, tokenAtom } from "./storage";

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("session-scoped memory", () => {
  it("is forgotten together, back to its initial values", () => {
    const draft = sessionScopedAtom<string | null>(null);
    const cache = new Map([["a", 1]]);
    onSessionChange(() => cache.clear());
    const store = createStore();
    store.set(draft, "lender A's draft");

    store.set(forgetSessionAtom);

    expect(store.get(draft)).toBeNull();
    expect(cache.size).toBe(0);
  });
});

const isText = (value: unknown): value is string => typeof value === "string";
const lenderA = { token: "token-a", userId: "user-a", uuId: "uu-a" };
const lenderB = { token: "token-b", userId: "user-b", uuId: "uu-b" };

/** A store wired as the app wires it (src/app/bootstrap.tsx): a token change forgets. */
function appStore() {
  const store = createStore();
  store.sub(tokenAtom, () => store.set(forgetSessionAtom));
  return store;
}

/** The error catalogue's session end (a 301): storage cleared, not a logout. */
function endSession(store: ReturnType<typeof createStore>) {
  endSessionKeepingWork(store, () => store.set(clearStorageAtom));
}

describe("session-stored memory (the contract draft)", () => {
  const draft = sessionStoredAtom<string | null>(sessionStoredKeys.contractDraft, null, isText);

  it("comes back to the same user after his session ended and he logged in again", () => {
    const store = appStore();
    store.set(signInAtom, lenderA);
    store.set(draft, "A's contract");

    endSession(store);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(draft)).toBeNull();

    store.set(signInAtom, { ...lenderA, token: "token-a2" });
    expect(store.get(draft)).toBe("A's contract");
  });

  it("is forgotten when another tab logs out and another user logs in there", () => {
    // This tab's store never re-reads loginInfo: only storage says who is logged in now.
    const store = appStore();
    store.set(signInAtom, lenderA);
    store.set(draft, "A's contract");

    // The other tab: A logs out, B logs in (user first, then token, as signInAtom writes them);
    // this tab hears the token change.
    localStorage.removeItem("loginInfo");
    localStorage.removeItem("token");
    localStorage.setItem("loginInfo", JSON.stringify({ userId: lenderB.userId, uuId: "uu-b" }));
    localStorage.setItem("token", JSON.stringify(lenderB.token));
    window.dispatchEvent(new StorageEvent("storage", { key: "token" }));
    store.set(forgetSessionAtom);

    expect(store.get(draft)).toBeNull();
    expect(sessionStorage.getItem(sessionStoredKeys.contractDraft)).toBeNull();
  });

  it("leaves no ID card form in the tab for the next session, even one its page never loaded in", () => {
    const store = appStore();
    store.set(signInAtom, lenderA);
    // Written by the ID card page before a reload; that page's code is not loaded since.
    sessionStorage.setItem("idCardForm", JSON.stringify({ name: "A's name" }));
    store.set(signOutAtom);
    expect(sessionStorage.getItem("idCardForm")).toBeNull();
  });

  it("is never shown to another user who logs in after the session ended, and is dropped", () => {
    const store = appStore();
    store.set(signInAtom, lenderA);
    store.set(draft, "A's contract");
    endSession(store);

    store.set(signInAtom, lenderB);
    expect(store.get(draft)).toBeNull();
    expect(sessionStorage.getItem(sessionStoredKeys.contractDraft)).toBeNull();

    // Not kept for A's return either: the phone has changed hands.
    store.set(signOutAtom);
    store.set(signInAtom, lenderA);
    expect(store.get(draft)).toBeNull();
  });

  it("is forgotten by an explicit logout, even for the same user's next login", () => {
    const store = appStore();
    store.set(signInAtom, lenderA);
    store.set(draft, "A's contract");

    store.set(signOutAtom);
    expect(store.get(draft)).toBeNull();
    expect(sessionStorage.getItem(sessionStoredKeys.contractDraft)).toBeNull();

    store.set(signInAtom, lenderA);
    expect(store.get(draft)).toBeNull();
  });

  it("is forgotten when storage is cleared on giving up verification (a logout, not a session end)", () => {
    const store = appStore();
    store.set(signInAtom, lenderA);
    store.set(draft, "A's contract");

    store.set(clearStorageAtom);
    store.set(signInAtom, lenderA);
    expect(store.get(draft)).toBeNull();
  });

  it("survives a reload: a new store over the same tab's storage, for the same user only", () => {
    const before = appStore();
    before.set(signInAtom, lenderA);
    before.set(draft, "A's contract");

    const reloaded = appStore();
    expect(reloaded.get(draft)).toBe("A's contract");

    // The same tab, another user's session in local storage: not his.
    localStorage.setItem("loginInfo", JSON.stringify({ userId: lenderB.userId, uuId: "uu-b" }));
    expect(appStore().get(draft)).toBeNull();
  });

  it("survives a reload on the login page after a session end, for the same user's login", () => {
    const before = appStore();
    before.set(signInAtom, lenderA);
    before.set(draft, "A's contract");
    endSession(before);

    const reloaded = appStore();
    expect(reloaded.get(draft)).toBeNull();
    reloaded.set(signInAtom, lenderA);
    expect(reloaded.get(draft)).toBe("A's contract");
  });

  it("is not stored without a known user, and a write with no session keeps what waits", () => {
    const anonymous = appStore();
    anonymous.set(tokenAtom, "token-without-login-info");
    anonymous.set(draft, "nobody's");
    expect(anonymous.get(draft)).toBe("nobody's");
    expect(sessionStorage.getItem(sessionStoredKeys.contractDraft)).toBeNull();

    const store = appStore();
    store.set(signInAtom, lenderA);
    store.set(draft, "A's contract");
    endSession(store);
    // The form still open as the session ends writes once more: memory only.
    store.set(draft, "A's contract, as the screen left it");
    store.set(signInAtom, lenderA);
    expect(store.get(draft)).toBe("A's contract");
  });

  it("is removed from storage once cleared (the contract exists)", () => {
    const store = appStore();
    store.set(signInAtom, lenderA);
    store.set(draft, "A's contract");
    store.set(draft, null);
    expect(sessionStorage.getItem(sessionStoredKeys.contractDraft)).toBeNull();
  });
});
