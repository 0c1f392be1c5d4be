import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { languageIndexAtom, setLanguageIndexAtom } from "../state/storage";
import { fakeBorrower } from "../test/fake-user";
import { renderApp } from "../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function tabLabels() {
  return within(screen.getByRole("navigation"))
    .getAllByRole("button")
    .map((tab) => tab.textContent);
}

describe("changing the language", () => {
  it("sets both tab labels and the document title again from the translations", async () => {
    const { store } = renderApp("/pages/me/index", {
      routes: { "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }) },
    });
    await vi.waitFor(() => expect(tabLabels()).toEqual(["주문 내역", "내 정보"]));
    await vi.waitFor(() => expect(document.title).toBe("내 정보"));

    fireEvent.click(await screen.findByRole("radio", { name: "繁體中文" }));

    await vi.waitFor(() => expect(tabLabels()).toEqual(["訂單列表", "我的"]));
    expect(document.title).toBe("我的");
    expect(document.documentElement.lang).toBe("zh-TW");
    expect(store.get(languageIndexAtom)).toBe(1);
    expect(store.get(setLanguageIndexAtom)).toBe(1);
    expect(localStorage.getItem("languageIndex")).toBe("1");
  });

  it("follows the stored index when something else changes it (a storage clear)", async () => {
    localStorage.setItem("languageIndex", "1");
    const { store } = renderApp("/pages/order/index", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
        "/api/v1/contract/query": () => ({ body: { items: [], page: 1, pageSize: 20, total: 0 } }),
      },
    });
    await vi.waitFor(() => expect(document.title).toBe("訂單列表"));

    store.set(languageIndexAtom, 0);

    await vi.waitFor(() => expect(tabLabels()).toEqual(["주문 내역", "내 정보"]));
    expect(document.title).toBe("주문 내역");
  });
});
