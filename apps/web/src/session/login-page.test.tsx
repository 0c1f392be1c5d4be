import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeLender } from "../test/fake-user";
import { renderApp } from "../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const sendCode = "/auth/v3.1/user/sendVerifiyCode";
const logIn = "/auth/v3/user/login";

function renderLogin(login: () => { status?: number; message?: string; body?: unknown }) {
  return renderApp("/pages/login/index", {
    signedIn: false,
    routes: {
      [sendCode]: () => ({ body: { resendAfterSeconds: 60, expiresInSeconds: 300 } }),
      [logIn]: login,
      "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
      "/api/v1/contract/query": () => ({ body: { items: [], nextCursor: null, total: null } }),
    },
  });
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe("the login form", () => {
  it("checks the phone by the login rules before sending a code, and sends it as the server reads it", async () => {
    const { server } = renderLogin(() => ({ body: null }));
    const send = await screen.findByRole("button", { name: "인증번호 받기" });
    fireEvent.click(send);
    expect(await screen.findByText("휴대폰 번호를 입력해 주세요")).toBeTruthy();
    expect(document.activeElement).toBe(input("휴대폰 번호"));

    fireEvent.change(input("휴대폰 번호"), { target: { value: "02-123-4567" } });
    fireEvent.click(send);
    expect(await screen.findByText("문자를 받을 수 있는 휴대폰 번호를 입력해 주세요")).toBeTruthy();
    expect(server.calls.some((call) => call.path === sendCode)).toBe(false);

    fireEvent.change(input("휴대폰 번호"), { target: { value: "010-1234-5678" } });
    fireEvent.click(send);
    await screen.findByRole("button", { name: "발송됨" });
    // The request the login schema makes of what was typed: the phone in E.164.
    expect(server.calls.find((call) => call.path === sendCode)?.payload).toEqual({
      phone: "+821012345678",
    });
  });

  it("logs in with the typed request, and says a wrong code on the code", async () => {
    let tries = 0;
    const { server, router } = renderLogin(() =>
      ++tries === 1
        ? { status: 400, message: "인증번호가 올바르지 않습니다 (server)" }
        : {
            body: {
              token: "t-1",
              loginInfo: { userId: "u-1", uuId: "uu-1" },
              role: "lender",
            },
          },
    );
    fireEvent.change(await screen.findByLabelText("휴대폰 번호", { exact: false }), {
      target: { value: "010-1234-5678" },
    });
    // Digits only, six of them.
    fireEvent.change(input("인증번호"), { target: { value: "12a34" } });
    expect(input("인증번호").value).toBe("1234");
    fireEvent.click(screen.getByRole("button", { name: "로그인" }));
    expect(await screen.findByText("인증번호가 올바르지 않습니다")).toBeTruthy();
    expect(server.calls.some((call) => call.path === logIn)).toBe(false);

    fireEvent.change(input("인증번호"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "로그인" }));
    expect(await screen.findByText("인증번호가 올바르지 않습니다 (server)")).toBeTruthy();
    expect(input("인증번호").getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(input("인증번호"), { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "로그인" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/order/index"));
    expect(server.calls.filter((call) => call.path === logIn).map((call) => call.payload)).toEqual([
      { phone: "+821012345678", code: "123456" },
      { phone: "+821012345678", code: "654321" },
    ]);
  });
});
