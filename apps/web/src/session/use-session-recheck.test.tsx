import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FakeRoute } from "../test/fake-api-server";
import { fakeStatistics, fakeStatisticsWindows } from "../test/fake-statistics";
import { fakeLender } from "../test/fake-user";
import { renderApp } from "../test/render-app";
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
      body: { ...fakeLender, lender: { ...fakeLender.lender, displayName: name } },
    }));
    await screen.findByRole("heading", { name: "Demo Lender" });
    name = "Renamed Lender";
    comeBack();
    expect(await screen.findByRole("heading", { name: "Renamed Lender" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/pages/me/index");
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
