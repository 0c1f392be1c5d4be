import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeLender } from "../test/fake-user";
import { renderApp } from "../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const notice = "로그인이 만료되었습니다. 다시 로그인해 주세요.";

describe("a session that ends", () => {
  it("goes to login and says why, instead of a silent jump", async () => {
    const { router } = renderApp("/pages/order/index", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
        "/api/v1/contract/query": () => ({ status: 301, message: "session ended", body: null }),
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ reason: "expired" });
  });

  it("shows no such notice on a first visit to login", async () => {
    renderApp("/pages/login/index", { signedIn: false });
    await screen.findByRole("button", { name: "인증번호 받기" });
    expect(screen.queryByText(notice)).toBeNull();
  });
});
