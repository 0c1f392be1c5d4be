import { TransportError, type TransportErrorKind } from "@chayong/transport";
import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { deviceAtom, languageIndexAtom, locationFlagAtom, tokenAtom } from "../state/storage";
import {
  catalogueEffectFor,
  catalogueModalAtom,
  createErrorCatalogue,
  isHandledByCatalogue,
  networkDownAtom,
  slowRequestCountAtom,
} from "./error-catalogue";

afterEach(() => localStorage.clear());

function error(
  kind: TransportErrorKind,
  details: ConstructorParameters<typeof TransportError>[3] = {},
) {
  const keys: Record<string, ConstructorParameters<typeof TransportError>[1]> = {
    "http-status": "transport.httpStatus",
    "invalid-data": "transport.invalidData",
    "session-ended": "transport.sessionEnded",
    "server-error": "transport.serverError",
    unreachable: "transport.unreachable",
    timeout: "transport.timeout",
    "missing-url": "transport.missingUrl",
    "prepare-failed": "transport.prepareFailed",
    "envelope-status": "transport.rejected",
    aborted: "transport.aborted",
    "file-too-large": "transport.fileTooLarge",
  };
  return new TransportError(kind, keys[kind] ?? "transport.rejected", kind, details);
}

function signedInStore() {
  const store = createStore();
  store.set(tokenAtom, "token-1");
  store.set(languageIndexAtom, 1);
  store.set(locationFlagAtom, true);
  store.set(deviceAtom);
  return store;
}

describe("which effect each transport failure has (docs/errors.md#what-the-app-does)", () => {
  it.each([
    ["session-ended", {}, "session-ended"],
    ["server-error", { status: 500, statusCode: 500 }, "relogin"],
    ["server-error", { status: 500, serverMessage: "boom" }, "tip"],
    ["timeout", {}, "timeout"],
    ["http-status", { httpStatus: 502, params: { code: 502 } }, "tip"],
    ["invalid-data", {}, "tip"],
    ["unreachable", {}, "offline"],
    ["missing-url", {}, "tip"],
    ["prepare-failed", {}, "tip"],
    ["file-too-large", {}, "tip"],
    ["envelope-status", { status: 400, serverMessage: "bad" }, "screen"],
    ["aborted", {}, "screen"],
  ] as const)("%s %o -> %s", (kind, details, effect) => {
    expect(catalogueEffectFor(error(kind, details)).kind).toBe(effect);
  });

  it("puts the HTTP code into the tip, and prefers the server's own message", () => {
    expect(catalogueEffectFor(error("http-status", { params: { code: 502 } }))).toEqual({
      kind: "tip",
      messageKey: "transport.httpStatus",
      values: { code: 502 },
    });
    expect(
      catalogueEffectFor(error("server-error", { status: 500, serverMessage: "서버 오류" })),
    ).toMatchObject({ kind: "tip", serverMessage: "서버 오류" });
  });
});

describe("the catalogue applied once for every screen", () => {
  it("envelope 301: clears storage except location flag and device, then goes to login", () => {
    const store = signedInStore();
    const device = store.get(deviceAtom);
    const logins: string[] = [];
    const catalogue = createErrorCatalogue({ store, goToLogin: () => logins.push("login") });
    const failure = error("session-ended", { status: 301 });

    expect(catalogue.handle(failure).kind).toBe("session-ended");

    expect(logins).toEqual(["login"]);
    expect(store.get(tokenAtom)).toBeNull();
    expect(Object.keys(localStorage).sort()).toEqual(["device", "locationFlag"]);
    // The stored language is cleared, the screens stay in it (docs/login.md).
    expect(store.get(languageIndexAtom)).toBe(1);
    expect(store.get(deviceAtom)).toEqual(device);
    expect(store.get(catalogueModalAtom)).toBeNull();
    expect(isHandledByCatalogue(failure)).toBe(true);
  });

  it("500 with statusCode 500: 'data error, please log in again', and login only on confirm", () => {
    const store = signedInStore();
    const logins: string[] = [];
    const catalogue = createErrorCatalogue({ store, goToLogin: () => logins.push("login") });

    catalogue.handle(error("server-error", { status: 500, statusCode: 500 }));

    expect(store.get(catalogueModalAtom)).toEqual({ kind: "relogin" });
    expect(store.get(tokenAtom)).toBe("token-1");
    expect(logins).toEqual([]);

    catalogue.confirm();

    expect(store.get(catalogueModalAtom)).toBeNull();
    expect(store.get(tokenAtom)).toBeNull();
    expect(Object.keys(localStorage).sort()).toEqual(["device", "locationFlag"]);
    expect(logins).toEqual(["login"]);
  });

  it("time-out: the time-out modal, closed by its one button, session untouched", () => {
    const store = signedInStore();
    const catalogue = createErrorCatalogue({ store, goToLogin: () => {} });
    catalogue.handle(error("timeout"));
    expect(store.get(catalogueModalAtom)).toEqual({ kind: "timeout" });
    catalogue.confirm();
    expect(store.get(catalogueModalAtom)).toBeNull();
    expect(store.get(tokenAtom)).toBe("token-1");
  });

  it("keeps the first modal when several calls fail together", () => {
    const store = signedInStore();
    const catalogue = createErrorCatalogue({ store, goToLogin: () => {} });
    catalogue.handle(error("timeout"));
    catalogue.handle(error("invalid-data"));
    expect(store.get(catalogueModalAtom)).toEqual({ kind: "timeout" });
  });

  it("no connection: the offline notice instead of a modal, until the server answers again", () => {
    const store = signedInStore();
    const catalogue = createErrorCatalogue({ store, goToLogin: () => {} });
    const failure = error("unreachable");
    expect(catalogue.handle(failure).kind).toBe("offline");
    expect(store.get(networkDownAtom)).toBe(true);
    expect(store.get(catalogueModalAtom)).toBeNull();
    // The notice names the cause; the screen still says that its call failed.
    expect(isHandledByCatalogue(failure)).toBe(false);
    expect(store.get(tokenAtom)).toBe("token-1");
    // A refusal is an answer too: the network is back.
    catalogue.handle(error("envelope-status", { status: 409, serverMessage: "already signed" }));
    expect(store.get(networkDownAtom)).toBe(false);
    catalogue.handle(error("unreachable"));
    catalogue.reachedServer();
    expect(store.get(networkDownAtom)).toBe(false);
  });

  it("leaves other failures to the screen that called, and ignores non-transport errors", () => {
    const store = signedInStore();
    const catalogue = createErrorCatalogue({ store, goToLogin: () => {} });
    const refused = error("envelope-status", { status: 409, serverMessage: "already signed" });
    expect(catalogue.handle(refused).kind).toBe("screen");
    expect(catalogue.handle(new Error("bug")).kind).toBe("screen");
    expect(store.get(catalogueModalAtom)).toBeNull();
    expect(isHandledByCatalogue(refused)).toBe(false);
  });

  it("counts requests pending past the slow-network threshold", () => {
    const store = createStore();
    const catalogue = createErrorCatalogue({ store, goToLogin: () => {} });
    catalogue.slowRequestStarted();
    catalogue.slowRequestStarted();
    catalogue.slowRequestSettled();
    expect(store.get(slowRequestCountAtom)).toBe(1);
    catalogue.slowRequestSettled();
    catalogue.slowRequestSettled();
    expect(store.get(slowRequestCountAtom)).toBe(0);
  });
});
