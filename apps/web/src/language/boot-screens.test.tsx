import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeContract } from "../test/fake-contract";
import { fakeLender } from "../test/fake-user";
import { renderApp } from "../test/render-app";

// The first screens as a phone shows them, with the app's own catalog loading: only the boot
// part arrives, and nothing they show is missing from it (see boot-messages.test.ts).

describe("the entry page and login, rendered", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("show no message outside the boot part, and never fetch the rest", async () => {
    const missing: string[] = [];
    const record = ({ id }: { id: string }) => missing.push(id);
    const login = renderApp("/pages/login/index", { signedIn: false });
    login.i18n.on("missing", record);
    await screen.findByRole("button", { name: "인증번호 받기" });
    expect(login.i18n.messages["stats.title"]).toBeUndefined();
    cleanup();

    const list = renderApp("/pages/order/index", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
        "/api/v1/contract/query": () => ({
          body: {
            items: [fakeContract(1), fakeContract(2, { status: "type4" })],
            nextCursor: "2",
            total: null,
          },
        }),
      },
    });
    list.i18n.on("missing", record);
    await screen.findAllByText("연체");
    await screen.findByRole("button", { name: "더 보기" });
    expect(missing).toEqual([]);
    // Only the boot part is in: no page beyond these has been opened.
    expect(list.i18n.messages["stats.title"]).toBeUndefined();
  });
});
