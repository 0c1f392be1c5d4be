import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("an address the app does not know", () => {
  it("says so in the reader's language and offers the way to the first screen", async () => {
    const { router } = renderApp("/pages/nowhere", {
      routes: {
        "/api/v1/contract/query": () => ({ body: { items: [], page: 1, pageSize: 20, total: 0 } }),
      },
    });
    expect(await screen.findByRole("heading", { name: "페이지를 찾을 수 없습니다" })).toBeTruthy();
    expect(screen.getByText("주소가 잘못되었거나 더 이상 없는 페이지입니다.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "처음 화면으로" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/order/index"));
  });

  it("speaks Traditional Chinese too", async () => {
    localStorage.setItem("languageIndex", "1");
    renderApp("/pages/nowhere");
    expect(await screen.findByRole("heading", { name: "找不到這個頁面" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "回到首頁" })).toBeTruthy();
  });
});
