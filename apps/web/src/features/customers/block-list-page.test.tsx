import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeBlockList } from "../../test/fake-customer";
import { fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("the blocked customers list", () => {
  it("is reached from 'me', lists phones newest first with reasons, and unblocks one", async () => {
    const fake = fakeBlockList(undefined, [
      { phone: "+821011112222", reason: "오래된 차단", blockedAt: "2026-01-01T00:00:00.000Z" },
      { phone: "+821033334444", reason: "연락 두절", blockedAt: "2026-03-01T00:00:00.000Z" },
    ]);
    renderApp("/pages/me/index", {
      routes: { "/api/v3/user/queryCashUser": () => ({ body: fakeLender }), ...fake.routes },
    });
    fireEvent.click(await screen.findByRole("button", { name: "차단 목록" }));
    await screen.findByText("010-3333-4444");
    const items = screen.getAllByRole("listitem");
    expect(items[0]?.textContent).toContain("010-3333-4444");
    expect(items[0]?.textContent).toContain("사유: 연락 두절");
    expect(items[1]?.textContent).toContain("010-1111-2222");

    fireEvent.click(within(items[0] as HTMLElement).getByRole("button", { name: "차단 해제" }));
    const dialog = await screen.findByRole("alertdialog", { name: "차단 해제" });
    expect(within(dialog).getByText("010-3333-4444")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "차단 해제" }));
    await screen.findByText("차단이 해제되었습니다");
    await waitFor(() => expect(screen.queryByText("010-3333-4444")).toBeNull());
    expect(fake.blocked().map((entry) => entry.phone)).toEqual(["+821011112222"]);
  });

  it("shows an empty state", async () => {
    const fake = fakeBlockList();
    renderApp("/pages/me/blockList", {
      routes: { "/api/v3/user/queryCashUser": () => ({ body: fakeLender }), ...fake.routes },
    });
    await screen.findByText("차단한 고객이 없습니다");
  });

  it("says the server's refusal of an unblock", async () => {
    const fake = fakeBlockList(undefined, [
      { phone: "+821033334444", reason: "연락 두절", blockedAt: "2026-03-01T00:00:00.000Z" },
    ]);
    renderApp("/pages/me/blockList", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
        ...fake.routes,
        "/api/v1/contract/unblock": () => ({
          status: 404,
          message: "차단 목록에 없는 번호입니다",
          body: null,
        }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "차단 해제" }));
    const dialog = await screen.findByRole("alertdialog", { name: "차단 해제" });
    fireEvent.click(within(dialog).getByRole("button", { name: "차단 해제" }));
    await screen.findByText("차단 목록에 없는 번호입니다");
  });
});
