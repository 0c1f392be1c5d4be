import { setupI18n } from "@lingui/core";
import { QueryClient } from "@tanstack/react-query";
import { createMemoryHistory } from "@tanstack/react-router";
import { cleanup } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAppRouter } from "../app/router";
import { tokenAtom } from "../state/storage";
import { renderApp } from "../test/render-app";
import { goBack } from "./back";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("back", () => {
  it("falls back to the order list when there is no previous page", async () => {
    const { router } = renderApp("/pages/template/add");
    await vi.waitFor(() => expect(router.state.status).toBe("idle"));
    expect(router.state.location.pathname).toBe("/pages/template/add");

    goBack(router);

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/order/index"));
    // The fallback replaces the page, so there is still nothing to go back to.
    expect(router.history.canGoBack()).toBe(false);
  });

  it("goes to the previous page when there is one", async () => {
    const { router } = renderApp("/pages/template/add");
    await vi.waitFor(() => expect(router.state.status).toBe("idle"));
    await router.navigate({ to: "/pages/order/addContract" });
    expect(router.state.location.pathname).toBe("/pages/order/addContract");

    goBack(router);

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/template/add"));
  });
});

describe("launch without a token", () => {
  it("goes to login and remembers the page the user wanted", async () => {
    const router = createAppRouter({
      store: createStore(),
      queryClient: new QueryClient(),
      i18n: setupI18n(),
      history: createMemoryHistory({ initialEntries: ["/pages/loans/sign?code=abc123"] }),
    });
    await router.load();
    expect(router.state.location.pathname).toBe("/pages/login/index");
    expect(router.state.location.search).toEqual({ redirect: "/pages/loans/sign?code=abc123" });
  });

  it("opens '/' as the order list when signed in", async () => {
    const store = createStore();
    store.set(tokenAtom, "a-session-token");
    const router = createAppRouter({
      store,
      queryClient: new QueryClient(),
      i18n: setupI18n(),
      history: createMemoryHistory({ initialEntries: ["/"] }),
    });
    await router.load();
    expect(router.state.location.pathname).toBe("/pages/order/index");
  });
});
