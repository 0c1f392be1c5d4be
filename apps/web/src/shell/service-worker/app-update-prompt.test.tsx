import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { languageIndexAtom } from "../../state/storage";
import { renderApp } from "../../test/render-app";
import { appUpdateAtom } from "./app-update-state";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("the new-version prompt", () => {
  it("appears when a new version waits, and reload switches to it", async () => {
    const { store } = renderApp("/pages/login/index", { signedIn: false });
    await screen.findByRole("heading", { name: "로그인" });
    expect(screen.queryByText("새 버전이 준비되었습니다.")).toBeNull();

    const reload = vi.fn(async () => {});
    store.set(appUpdateAtom, { reload });
    fireEvent.click(await screen.findByRole("button", { name: "새로고침" }));
    expect(reload).toHaveBeenCalledOnce();
    expect((screen.getByRole("button", { name: "새로고침" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("'later' keeps this version until the next open, in the reader's language", async () => {
    localStorage.setItem("languageIndex", "1");
    const { store } = renderApp("/pages/login/index", { signedIn: false });
    await vi.waitFor(() => expect(store.get(languageIndexAtom)).toBe(1));
    const reload = vi.fn(async () => {});
    store.set(appUpdateAtom, { reload });
    expect(await screen.findByText("新版本已準備好。")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "稍後" }));
    await vi.waitFor(() => expect(screen.queryByText("新版本已準備好。")).toBeNull());
    expect(store.get(appUpdateAtom)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
