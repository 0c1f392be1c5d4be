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

const notMobile = "문자를 받을 수 있는 휴대폰 번호를 입력해 주세요";

function renderLogin(
  login: () => { status?: number; message?: string; body?: unknown },
  cooldownPhone?: string,
) {
  return renderApp("/pages/login/index", {
    signedIn: false,
    routes: {
      // The server's phone rules: a number that cannot receive SMS is refused on the phone.
      [sendCode]: (payload) =>
        (payload as { phone: string }).phone === cooldownPhone
          ? {
              status: 429,
              message: "40초 후에 다시 받을 수 있습니다",
              body: { resendAfterSeconds: "40" },
            }
          : (payload as { phone: string }).phone.startsWith("02")
            ? {
                status: 400,
                message: notMobile,
                body: { errors: [{ field: "phone", key: "phone.notMobile", message: notMobile }] },
              }
            : { body: { resendAfterSeconds: 60, expiresInSeconds: 300 } },
      [logIn]: login,
      "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
      "/api/v1/contract/query": () => ({ body: { items: [], nextCursor: null, total: null } }),
    },
  });
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe("the login form", () => {
  it("asks for a phone before sending a code, says the server's refusal on the phone, and sends it trimmed", async () => {
    const { server } = renderLogin(() => ({ body: null }));
    const send = await screen.findByRole("button", { name: "인증번호 받기" });
    fireEvent.click(send);
    expect(await screen.findByText("휴대폰 번호를 입력해 주세요")).toBeTruthy();
    expect(document.activeElement).toBe(input("휴대폰 번호"));

    expect(server.calls.some((call) => call.path === sendCode)).toBe(false);

    // Whether a number can receive SMS is the server's to say (the first screen does not load
    // the phone rules): on the phone, in its words.
    fireEvent.change(input("휴대폰 번호"), { target: { value: "02-123-4567" } });
    fireEvent.click(send);
    expect(await screen.findByText(notMobile)).toBeTruthy();
    expect(input("휴대폰 번호").getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(input("휴대폰 번호"), { target: { value: " 010-1234-5678 " } });
    fireEvent.click(send);
    await screen.findByRole("button", { name: "발송됨" });
    // The button is disabled while the countdown runs: the focus is on the code, not lost.
    expect(document.activeElement).toBe(input("인증번호"));
    expect(server.calls.filter((call) => call.path === sendCode).at(-1)?.payload).toEqual({
      phone: "010-1234-5678",
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
      { phone: "010-1234-5678", code: "123456" },
      { phone: "010-1234-5678", code: "654321" },
    ]);
  });

  it("counts down a resend refused because a code went to this phone moments ago", async () => {
    renderLogin(() => ({ body: null }), "010-1234-5678");
    fireEvent.change(await screen.findByLabelText("휴대폰 번호", { exact: false }), {
      target: { value: "010-1234-5678" },
    });
    fireEvent.click(screen.getByRole("button", { name: "인증번호 받기" }));
    // The button waits as after a send, without claiming a code was sent from here.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "인증번호 받기" })).toHaveProperty(
        "disabled",
        true,
      ),
    );
    expect(screen.getByText(/^(40|39)초 후 다시 받기$/)).toBeTruthy();
    expect(document.activeElement).toBe(input("인증번호"));
    expect(input("휴대폰 번호").getAttribute("aria-invalid")).not.toBe("true");
  });

  it("clears 'enter the code' from a login tried before the code was sent, once it is sent", async () => {
    renderLogin(() => ({ body: null }));
    fireEvent.click(await screen.findByRole("button", { name: "로그인" }));
    expect(await screen.findByText("인증번호를 입력해 주세요")).toBeTruthy();
    fireEvent.change(input("휴대폰 번호"), { target: { value: "010-1234-5678" } });
    fireEvent.click(screen.getByRole("button", { name: "인증번호 받기" }));
    await screen.findByRole("button", { name: "발송됨" });
    expect(screen.queryByText("인증번호를 입력해 주세요")).toBeNull();
    expect(input("인증번호").getAttribute("aria-invalid")).not.toBe("true");
  });

  it("offers the other language in the header, by its own name", async () => {
    renderLogin(() => ({ body: null }));
    fireEvent.click(await screen.findByRole("button", { name: "繁體中文" }));
    expect(await screen.findByRole("heading", { name: "登入" })).toBeTruthy();
    expect(localStorage.getItem("languageIndex")).toBe("1");
    expect(screen.getByRole("button", { name: "한국어" })).toBeTruthy();
  });
});
