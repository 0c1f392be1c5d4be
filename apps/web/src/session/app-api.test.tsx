import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentUserQuery } from "../data/api-query";
import { endingTokenAtom, locationFlagAtom, signOutAtom, tokenAtom } from "../state/storage";
import { fakeBorrower } from "../test/fake-user";
import { renderApp } from "../test/render-app";
import { SessionChangedError } from "./error-catalogue";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function orderListAnswering(answer: { status: number; message?: string; statusCode?: number }) {
  localStorage.setItem("locationFlag", "true");
  return renderApp("/pages/order/index", {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
      "/api/v1/contract/query": () => answer,
    },
  });
}

describe("the app's transport", () => {
  it("asks for compressed answers (the browser inflates them)", async () => {
    const { server } = orderListAnswering({ status: 200 });
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(0), { timeout: 5_000 });
    expect(server.callHeaders[0]?.["x-chayong-accept-envelope"]).toBe("deflate-raw");
  });
});

describe("every API call meets the error catalogue before the screen", () => {
  it("envelope 301: storage cleared except location flag and device, then login", async () => {
    const { router, store } = orderListAnswering({ status: 301, message: "세션 만료" });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(locationFlagAtom)).toBe(true);
    expect(Object.keys(localStorage).sort()).toEqual(["device", "locationFlag"]);
    // After login the user comes back to the page they were on; the login page says why he is there.
    expect(router.state.location.search).toEqual({
      redirect: "/pages/order/index",
      reason: "expired",
    });
  });

  it("500 with statusCode 500: 'data error, please log in again', login on confirm", async () => {
    const { router, store } = orderListAnswering({ status: 500, statusCode: 500 });
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("데이터 오류가 발생했습니다. 다시 로그인해 주세요.");
    expect(store.get(tokenAtom)).toBe("test-token");

    fireEvent.click(screen.getByRole("button", { name: "확인" }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
    expect(store.get(tokenAtom)).toBeNull();
  });

  it("other refusals reach the screen that called, with the server's message", async () => {
    const { router } = orderListAnswering({ status: 429, message: "요청이 너무 잦습니다" });
    expect(await screen.findByText("요청이 너무 잦습니다")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(router.state.location.pathname).toBe("/pages/order/index");
  });
});

describe("a refusal of a session the app does not have (docs/login.md#session-end-in-the-app)", () => {
  it("sends to login, clearing nothing, an app whose session ended in another tab", async () => {
    localStorage.setItem("locationFlag", "true");
    localStorage.setItem("languageIndex", "1");
    const { router, queryClient, store, server } = renderApp("/pages/order/index", {
      routes: {
        "/api/v3/user/queryCashUser": () =>
          store.get(tokenAtom) === null
            ? { status: 301, message: "세션 만료" }
            : { body: fakeBorrower },
        "/api/v1/contract/query": () => ({ body: { items: [], nextCursor: null, total: null } }),
      },
    });
    await vi.waitFor(() =>
      expect(server.calls.some((call) => call.path === "/api/v1/contract/query")).toBe(true),
    );
    // Another tab logged out: its storage change reaches this app's token (src/state/storage.ts).
    store.set(signOutAtom);
    // The next read goes out with no session, and is refused.
    await expect(queryClient.fetchQuery(currentUserQuery())).rejects.toThrow(SessionChangedError);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
    // Not 'your session expired': this phone ended it itself.
    expect(router.state.location.search).toEqual({ redirect: "/pages/order/index" });
    expect(localStorage.getItem("languageIndex")).toBe("1");
    expect(localStorage.getItem("locationFlag")).toBe("true");
  });

  it("leaves a logout under way to finish: a refusal of the session it is ending changes nothing", async () => {
    localStorage.setItem("languageIndex", "1");
    const { router, queryClient, store } = renderApp("/pages/order/index", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ status: 301, message: "세션 만료" }),
        "/api/v1/contract/query": () => ({ body: { items: [], nextCursor: null, total: null } }),
      },
    });
    await vi.waitFor(() => expect(router.state.status).toBe("idle"));
    store.set(endingTokenAtom, store.get(tokenAtom));
    await expect(queryClient.fetchQuery(currentUserQuery())).rejects.toThrow(SessionChangedError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.get(tokenAtom)).toBe("test-token");
    expect(localStorage.getItem("languageIndex")).toBe("1");
    expect(router.state.location.pathname).toBe("/pages/order/index");
  });

  it("ends the session it was sent with: the current one", async () => {
    localStorage.setItem("languageIndex", "1");
    const { queryClient, store } = renderApp("/pages/login/index", {
      routes: { "/api/v3/user/queryCashUser": () => ({ status: 301, message: "세션 만료" }) },
    });
    await screen.findByRole("button", { name: "登入" });
    await expect(queryClient.fetchQuery(currentUserQuery())).rejects.toMatchObject({
      kind: "session-ended",
    });
    expect(store.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem("languageIndex")).toBeNull();
  });
});
