import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeUserDetail } from "../../test/fake-identity";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderMe(user: Record<string, unknown>) {
  return renderApp("/pages/me/index", {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: user }),
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail({ faceVerified: false }) }),
    },
  });
}

/** The 'me' page (src/routes/pages/me/[index].tsx). */
describe("'me'", () => {
  it("takes a borrower who has not verified into verification", async () => {
    const { router } = renderMe({ ...fakeBorrower, identityVerified: false });
    fireEvent.click(await screen.findByRole("button", { name: "본인 인증 시작" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
  });

  it("offers no verification to a verified borrower, nor to a lender", async () => {
    renderMe({ ...fakeBorrower, identityVerified: true, name: "정하늘" });
    await screen.findByRole("heading", { name: "정하늘" });
    expect(screen.queryByRole("button", { name: "본인 인증 시작" })).toBeNull();
    cleanup();
    renderMe(fakeLender);
    await screen.findByRole("button", { name: "다중 채무 조회" });
    expect(screen.queryByRole("button", { name: "본인 인증 시작" })).toBeNull();
  });
});

describe("the borrower's notices on 'me' (docs/notices.md)", () => {
  it("lists the reminders and receipts he was sent, newest first, and none for a lender", async () => {
    const notice = (id: string, kind: string, text: string, sentAt: string | null) => ({
      state: sentAt === null ? "waiting" : "sent",
      id,
      contractId: "c1",
      contractNumber: "C-2026-000001",
      timeZone: "Asia/Seoul",
      kind,
      instalmentIndex: 1,
      dueDate: "2026-03-12",
      amount: 340_000,
      outstandingAmount: 680_000,
      text,
      createdAt: "2026-03-13T01:00:00.000Z",
      sentAt,
    });
    renderApp("/pages/me/index", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: { ...fakeBorrower, identityVerified: true } }),
        "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail({ verified: true }) }),
        "/api/v1/notice/list": () => ({
          body: {
            notices: [
              notice(
                "n2",
                "receipt",
                "[차용] 계약 C-2026-000001 1회차에 ₩340,000 상환이 기록되었습니다.",
                null,
              ),
              notice(
                "n1",
                "overdue1",
                "[차용] 계약 C-2026-000001 1회차가 연체되었습니다.",
                "2026-03-13T01:00:00.000Z",
              ),
            ],
          },
        }),
      },
    });
    await screen.findByText(/상환이 기록되었습니다/);
    const items = within(screen.getByRole("region", { name: "알림" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/상환이 기록되었습니다.*영수증 · 발송 대기 중/),
      expect.stringMatching(/연체되었습니다.*연체 1일 · .* 발송/),
    ]);
    cleanup();
    renderMe(fakeLender);
    await screen.findByRole("heading", { name: "내 정보" });
    expect(screen.queryByRole("heading", { name: "알림" })).toBeNull();
  });
});

/** 'me' in zh-TW, logged out from its button; `logout` is what the server answers. */
async function logOutFromMe(logout: () => Record<string, unknown>) {
  localStorage.setItem("languageIndex", "1");
  localStorage.setItem("setLanguageIndex", "1");
  localStorage.setItem("serviceX", JSON.stringify("left"));
  // The real server refuses the revoked session's token (and none) with 301 from then on.
  let loggedOut = false;
  const ended = { status: 301, message: "session ended", body: null };
  const signedIn = (answer: () => Record<string, unknown>) => (): Record<string, unknown> =>
    loggedOut ? ended : answer();
  const app = renderApp("/pages/me/index", {
    routes: {
      "/api/v3/user/queryCashUser": signedIn(() => ({ body: fakeLender })),
      "/api/v3/userAuth/queryUserDetail": signedIn(() => ({
        body: fakeUserDetail({ faceVerified: false }),
      })),
      "/auth/v1/user/loginOut": () => {
        loggedOut = true;
        return logout();
      },
    },
  });
  fireEvent.click(await screen.findByRole("button", { name: "登出" }));
  const dialog = await screen.findByRole("alertdialog");
  fireEvent.click(within(dialog).getByRole("button", { name: "登出" }));
  await vi.waitFor(() => expect(app.router.state.location.pathname).toBe("/pages/login/index"));
  // Whatever the screens left asked after the logout has had its answer.
  await vi.waitFor(() => expect(app.router.state.status).toBe("idle"));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(app.server.calls.some((call) => call.path === "/auth/v1/user/loginOut")).toBe(true);
  expect(localStorage.getItem("token")).toBeNull();
  expect(localStorage.getItem("languageIndex")).toBe("1");
  expect(localStorage.getItem("setLanguageIndex")).toBe("1");
  expect(localStorage.getItem("serviceX")).toBe(JSON.stringify("left"));
  // The login page says nothing of a session that ended on its own.
  expect(app.router.state.location.search).toEqual({});
  expect(screen.queryByText("登入已過期，請重新登入。")).toBeNull();
}

describe("logout on 'me' (docs/login.md#session-end-in-the-app)", () => {
  it("forgets the session only: the chosen language and the button's place stay stored", async () => {
    await logOutFromMe(() => ({ body: null }));
  });

  it("forgets only the session when the server had already ended it", async () => {
    await logOutFromMe(() => ({ status: 301, message: "session ended", body: null }));
  });
});
