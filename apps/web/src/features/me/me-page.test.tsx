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
