import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import {
  clearStorageAtom,
  deviceAtom,
  languageIndexAtom,
  locationFlagAtom,
  loginInfoAtom,
  serviceXAtom,
  serviceYAtom,
  setLanguageIndexAtom,
  tokenAtom,
} from "./storage";

afterEach(() => localStorage.clear());

describe("stored app state", () => {
  it("uses the spec's keys and defaults", () => {
    const store = createStore();
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(languageIndexAtom)).toBe(0);
    expect(store.get(serviceXAtom)).toBe(1000);
    expect(store.get(serviceYAtom)).toBe(10000);

    store.set(tokenAtom, "abc");
    store.set(loginInfoAtom, { userId: "u1", uuId: "d1" });
    store.set(languageIndexAtom, 1);
    store.set(setLanguageIndexAtom, 1);
    store.set(serviceXAtom, 20);
    expect(localStorage.getItem("token")).toBe('"abc"');
    expect(JSON.parse(localStorage.getItem("loginInfo") ?? "null")).toEqual({
      userId: "u1",
      uuId: "d1",
    });
    expect(localStorage.getItem("languageIndex")).toBe("1");
    expect(localStorage.getItem("setLanguageIndex")).toBe("1");
    expect(localStorage.getItem("serviceX")).toBe("20");
  });

  it("reads what is already stored when the app starts, including a bare token string", () => {
    localStorage.setItem("token", "bogus-token");
    localStorage.setItem("languageIndex", "1");
    localStorage.setItem("serviceY", "321");
    const store = createStore();
    expect(store.get(tokenAtom)).toBe("bogus-token");
    expect(store.get(languageIndexAtom)).toBe(1);
    expect(store.get(serviceYAtom)).toBe(321);
  });

  it("ignores stored values of the wrong shape", () => {
    localStorage.setItem("languageIndex", "7");
    localStorage.setItem("loginInfo", '{"userId":3}');
    const store = createStore();
    expect(store.get(languageIndexAtom)).toBe(0);
    expect(store.get(loginInfoAtom)).toBeNull();
  });

  it("keeps one device id across calls and remembers the last user on it", () => {
    const store = createStore();
    expect(store.get(deviceAtom)).toBeNull();
    const first = store.set(deviceAtom);
    const second = store.set(deviceAtom, { userId: "u9", uuId: "x" });
    expect(second.adid).toBe(first.adid);
    expect(JSON.parse(localStorage.getItem("device") ?? "null")).toEqual({
      adid: first.adid,
      userId: "u9",
      uuId: "x",
    });
  });
});

describe("clearing storage", () => {
  it("removes everything except the location flag and the device entry; the language stays on screen", () => {
    const store = createStore();
    store.set(tokenAtom, "abc");
    store.set(loginInfoAtom, { userId: "u1", uuId: "d1" });
    store.set(languageIndexAtom, 1);
    store.set(locationFlagAtom, true);
    const device = store.set(deviceAtom);
    localStorage.setItem("somethingElse", "1");

    store.set(clearStorageAtom);

    expect(Object.keys(localStorage).sort()).toEqual(["device", "locationFlag"]);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(loginInfoAtom)).toBeNull();
    expect(store.get(locationFlagAtom)).toBe(true);
    // Its stored entry is gone, yet the screens stay in the language being read.
    expect(store.get(languageIndexAtom)).toBe(1);
    expect(store.get(deviceAtom)).toEqual(device);
  });
});
