import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokenAtom } from "../state/storage";
import type { FakeRoute } from "../test/fake-api-server";
import { fakeStatistics, fakeStatisticsWindows } from "../test/fake-statistics";
import { fakeLender } from "../test/fake-user";
import { renderApp } from "../test/render-app";
import { catalogueModalAtom, networkDownAtom } from "./error-catalogue";
import { sessionRecheckIntervalMs } from "./use-session-recheck";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const notice = "로그인이 만료되었습니다. 다시 로그인해 주세요.";
const userPath = "/api/v3/user/queryCashUser";

/** The 'me' page of a lender whose session the server may end meanwhile. */
function renderMe(answerUser: FakeRoute) {
  return renderApp("/pages/me/index", {
    routes: {
      [userPath]: answerUser,
      "/api/v1/contract/statistics": () => ({ body: fakeStatistics() }),
      "/api/v2/contract/statistics": () => ({ body: fakeStatisticsWindows() }),
    },
  });
}

/** The app comes back to the front `later` ms from now (the tab shown again, the window focused). */
function comeBack(later = sessionRecheckIntervalMs + 1) {
  const now = Date.now() + later;
  vi.spyOn(Date, "now").mockReturnValue(now);
  document.dispatchEvent(new Event("visibilitychange"));
  window.dispatchEvent(new Event("focus"));
}

describe("the session check when the app comes back to the front", () => {
  it("sends the person to login with 'session expired' once the server ended the session", async () => {
    let ended = false;
    const { router, server } = renderMe(() =>
      ended ? { status: 301, message: "session ended", body: null } : { body: fakeLender },
    );
    await screen.findByRole("heading", { name: "Demo Lender" });
    // Logged out on another device: the page does not know yet.
    ended = true;
    const before = server.calls.filter((call) => call.path === userPath).length;
    comeBack();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ reason: "expired" });
    // visibilitychange and focus together are one check.
    expect(server.calls.filter((call) => call.path === userPath).length).toBe(before + 1);
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("shows the fresh user on 'me' when the session is still there", async () => {
    let name = "Demo Lender";
    const { router } = renderMe(() => ({
      body: { ...fakeLender, name, lender: { ...fakeLender.lender, displayName: name } },
    }));
    await screen.findByRole("heading", { name: "Demo Lender" });
    name = "Renamed Lender";
    comeBack();
    expect(await screen.findByRole("heading", { name: "Renamed Lender" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/pages/me/index");
  });

  it("stays quiet when the check fails otherwise: no modal, no login, the page as it was", async () => {
    let answer: "user" | "data error" | "network down" = "user";
    const { router, store, server } = renderMe(() => {
      if (answer === "network down") throw new TypeError("network down");
      return answer === "data error"
        ? { status: 500, statusCode: 500, message: "boom", body: null }
        : { body: fakeLender };
    });
    await screen.findByRole("heading", { name: "Demo Lender" });
    const calls = () => server.calls.filter((call) => call.path === userPath).length;
    const before = calls();
    // A 500 with statusCode 500 would ask to log in again; no network would show the notice.
    answer = "data error";
    comeBack();
    await waitFor(() => expect(calls()).toBe(before + 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = "network down";
    comeBack(2 * (sessionRecheckIntervalMs + 1));
    await waitFor(() => expect(calls()).toBe(before + 2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.get(catalogueModalAtom)).toBeNull();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(store.get(networkDownAtom)).toBe(false);
    expect(store.get(tokenAtom)).toBe("test-token");
    expect(router.state.location.pathname).toBe("/pages/me/index");
    expect(screen.getByRole("heading", { name: "Demo Lender" })).toBeTruthy();
  });

  it("does not check while the phone is offline", async () => {
    const { server } = renderMe(() => ({ body: fakeLender }));
    await screen.findByRole("heading", { name: "Demo Lender" });
    const calls = () => server.calls.filter((call) => call.path === userPath).length;
    const before = calls();
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    comeBack();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls()).toBe(before);
  });

  it("does not ask again right after the page loaded or while the app is hidden", async () => {
    const { server } = renderMe(() => ({ body: fakeLender }));
    await screen.findByRole("heading", { name: "Demo Lender" });
    const calls = () => server.calls.filter((call) => call.path === userPath).length;
    const before = calls();
    comeBack(0);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    comeBack();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls()).toBe(before);
  });
});
