import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FakeRoute } from "../../test/fake-api-server";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

interface Key {
  id: string;
  name: string;
  scope: "read" | "full";
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The server's three key endpoints over an in-memory list. */
function fakeKeys(initial: Key[] = []) {
  let keys = [...initial];
  let counter = 0;
  const routes: Record<string, FakeRoute> = {
    "/api/v1/apiKey/list": () => ({ body: keys }),
    "/api/v1/apiKey/create": (payload) => {
      const { name, scope } = payload as { name: string; scope: "read" | "full" };
      counter += 1;
      const key: Key = {
        id: `k-${counter}`,
        name,
        scope,
        prefix: `0000000${counter}`,
        createdAt: "2026-03-10T09:00:00.000Z",
        lastUsedAt: null,
        revokedAt: null,
      };
      keys = [key, ...keys];
      return { body: { ...key, key: `cyk_${key.prefix}_${"s".repeat(43)}` } };
    },
    "/api/v1/apiKey/revoke": (payload) => {
      const { id } = payload as { id: string };
      keys = keys.map((key) =>
        key.id === id ? { ...key, revokedAt: "2026-03-11T09:00:00.000Z" } : key,
      );
      return { body: keys.find((key) => key.id === id) };
    },
  };
  return { routes, keys: () => keys };
}

describe("API keys on 'me'", () => {
  it("a lender creates a key, sees it once, and revokes one after confirming", async () => {
    const fake = fakeKeys([
      {
        id: "k-old",
        name: "old tool",
        scope: "full",
        prefix: "abcdef12",
        createdAt: "2026-03-01T09:00:00.000Z",
        lastUsedAt: "2026-03-02T09:00:00.000Z",
        revokedAt: null,
      },
    ]);
    const app = renderApp("/pages/me/index", {
      routes: { "/api/v3/user/queryCashUser": () => ({ body: fakeLender }), ...fake.routes },
    });
    const section = (await screen.findByRole("heading", { name: "API 키" })).closest(
      "section",
    ) as HTMLElement;
    await within(section).findByText("old tool · 전체");

    fireEvent.change(within(section).getByLabelText(/키 이름/), {
      target: { value: "nightly export" },
    });
    fireEvent.click(within(section).getByRole("button", { name: "키 만들기" }));
    await within(section).findByText(`cyk_00000001_${"s".repeat(43)}`);
    within(section).getByText("지금 이 키를 복사하세요. 다시 표시되지 않습니다");
    await within(section).findByText("nightly export · 읽기 전용");
    expect(app.server.calls.find((call) => call.path === "/api/v1/apiKey/create")?.payload).toEqual(
      {
        name: "nightly export",
        scope: "read",
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    );

    const oldItem = within(section).getByText("old tool · 전체").closest("li") as HTMLElement;
    fireEvent.click(within(oldItem).getByRole("button", { name: "폐기" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "이 키를 폐기할까요? 이 키를 쓰는 도구는 더 이상 작동하지 않습니다",
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "폐기" }));
    await waitFor(() => expect(within(oldItem).queryByRole("button", { name: "폐기" })).toBeNull());
    expect(fake.keys().find((key) => key.id === "k-old")?.revokedAt).not.toBeNull();
  });

  it("is not shown to a borrower", async () => {
    renderApp("/pages/me/index", {
      routes: { "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }) },
    });
    await screen.findByText("차용인");
    expect(screen.queryByRole("heading", { name: "API 키" })).toBeNull();
  });
});
