import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "../../data/api-query";
import type { FakeAnswer, FakeRoute } from "../../test/fake-api-server";
import { fakeContract } from "../../test/fake-contract";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";
import type { Contract } from "./contract-labels";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The details page of `id`; the server knows `contracts` and answers others with its 404. */
function renderDetail(
  id: string,
  contracts: Contract[],
  detail?: FakeRoute,
  user: CurrentUser = fakeLender,
) {
  return renderApp(`/pages/order/common?id=${encodeURIComponent(id)}`, {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: user }),
      "/api/v1/contract/detail":
        detail ??
        ((payload) => {
          const found = contracts.find(
            (contract) => contract.id === (payload as { id: string }).id,
          );
          return found
            ? { body: found }
            : { status: 404, message: "server: contract.notFound", body: null };
        }),
    },
  });
}

describe("the contract details page", () => {
  it("reads the one contract by id and shows its terms, schedule and share link", async () => {
    const contract = fakeContract(7, { name: "이씨 대출", loanAmount: 1_234_000 });
    // Every read waits for the gate, to see the loading state first.
    let openGate: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const { server } = renderDetail(contract.id, [], async (): Promise<FakeAnswer> => {
      await gate;
      return { body: contract };
    });

    await screen.findByRole("status", { name: "불러오는 중…" });
    openGate();
    await screen.findByRole("heading", { name: "이씨 대출" });
    expect(screen.queryByRole("status", { name: "불러오는 중…" })).toBeNull();
    expect(screen.getByText("010-1234-5678")).toBeTruthy();
    expect(screen.getByText(/1,234,000/)).toBeTruthy();
    expect((await screen.findByTestId("share-link")).textContent).toMatch(
      /#\/pages\/loans\/sign\?code=code0{15}7$/,
    );
    expect(screen.getByRole("button", { name: "삭제" })).toBeTruthy();
    // Reads of that one contract; the list is never searched.
    const contractCalls = server.calls.filter((call) => call.path.startsWith("/api/v1/contract/"));
    expect(contractCalls.length).toBeGreaterThan(0);
    for (const call of contractCalls) {
      expect(call).toEqual({ path: "/api/v1/contract/detail", payload: { id: "contract-7" } });
    }
  });

  it("names the parties: the borrower 'to be verified', then as he verified himself", async () => {
    const unverified = fakeContract(3, { name: "미인증" });
    const verified = fakeContract(4, {
      name: "인증됨",
      status: "type4",
      parties: {
        lender: { name: "Kim", merchantName: "Kim Co", licenceNumber: "2026-서울강남-0001" },
        borrower: {
          phone: "+821012345678",
          identity: { name: "홍길동", idNumberMasked: "900101-1******", address: "서울시 강남구" },
          faceReview: null,
        },
      },
    });
    renderDetail(unverified.id, [unverified, verified]);
    const parties = await screen.findByRole("region", { name: "계약 당사자" });
    expect(parties.textContent).toContain("본인 인증 전");
    expect(parties.textContent).toContain("010-1234-5678");
    cleanup();

    renderDetail(verified.id, [unverified, verified]);
    const named = await screen.findByRole("region", { name: "계약 당사자" });
    for (const text of [
      "홍길동",
      "900101-1******",
      "서울시 강남구",
      "2026-서울강남-0001",
      "Kim Co",
    ]) {
      expect(named.textContent).toContain(text);
    }
    expect(named.textContent).not.toContain("본인 인증 전");
  });

  it("shows a bound borrower the terms but not the lender's share link or delete", async () => {
    const contract = fakeContract(8, { name: "박씨 대출" });
    const { server } = renderDetail(contract.id, [contract], undefined, fakeBorrower);
    await screen.findByRole("heading", { name: "박씨 대출" });
    // Wait until the page knows who is reading it.
    await vi.waitFor(() =>
      expect(server.calls.some((call) => call.path === "/api/v3/user/queryCashUser")).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("share-link")).toBeNull();
    expect(screen.queryByRole("button", { name: "삭제" })).toBeNull();
  });

  it("says the contract was not found when the server answers 404", async () => {
    renderDetail("contract-404", [fakeContract(1)]);
    // The page's own not-found state, not whatever the refusal said.
    await screen.findByText("계약 정보를 불러오지 못했습니다");
    expect(screen.queryByText("server: contract.notFound")).toBeNull();
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
  });

  it("asks nothing for a link without an id and says not found", async () => {
    const { server } = renderDetail("", [fakeContract(1)]);
    await screen.findByText("계약 정보를 불러오지 못했습니다");
    expect(server.calls.some((call) => call.path === "/api/v1/contract/detail")).toBe(false);
  });

  it("shows the server's message for another refusal (a contract that is not the caller's)", async () => {
    renderDetail("contract-9", [], () => ({
      status: 403,
      message: "접근 권한이 없습니다",
      body: null,
    }));
    await screen.findByText("접근 권한이 없습니다");
    expect(screen.queryByText("계약 정보를 불러오지 못했습니다")).toBeNull();
  });

  it("shows a cancelled contract flagged, without share link or delete", async () => {
    const cancelled = fakeContract(3, { name: "취소된 대출", cancelled: true });
    renderDetail(cancelled.id, [cancelled]);
    await screen.findByRole("heading", { name: "취소된 대출" });
    expect(screen.getByText("삭제된 계약입니다")).toBeTruthy();
    // No 'awaiting signature' badge beside it.
    expect(screen.queryByText("서명 대기")).toBeNull();
    expect(screen.queryByTestId("share-link")).toBeNull();
    expect(screen.queryByRole("button", { name: "삭제" })).toBeNull();
  });

  it("shows what a signed contract owes and no longer offers the share link", async () => {
    const signed = fakeContract(4, {
      name: "서명된 대출",
      status: "type6",
      signedAt: "2026-03-02T00:00:00.000Z",
      openedAt: "2026-03-01T12:00:00.000Z",
      outstandingAmount: 765_000,
    });
    renderDetail(signed.id, [signed]);
    await screen.findByRole("heading", { name: "서명된 대출" });
    expect(screen.getByText(/765,000/)).toBeTruthy();
    expect(screen.queryByTestId("share-link")).toBeNull();
    expect(screen.queryByRole("button", { name: "삭제" })).toBeNull();
  });

  it("shares the link through the phone's share sheet where there is one", async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    vi.stubGlobal("navigator", { ...navigator, share, canShare: () => true });
    try {
      const contract = fakeContract(5, { name: "공유할 대출" });
      renderDetail(contract.id, [contract]);
      fireEvent.click(await screen.findByRole("button", { name: "공유하기 (카카오톡, 라인 등)" }));
      await vi.waitFor(() => expect(share).toHaveBeenCalledTimes(1));
      expect(share.mock.calls[0]?.[0]).toMatchObject({
        title: "공유할 대출",
        url: expect.stringMatching(/#\/pages\/loans\/sign\?code=code0{15}5$/),
      });
      expect(share.mock.calls[0]?.[0].text).toContain("공유할 대출");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("offers only 'copy link' where there is no share sheet, and says it copied", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    try {
      const contract = fakeContract(6, { name: "복사할 대출" });
      renderDetail(contract.id, [contract]);
      fireEvent.click(await screen.findByRole("button", { name: "링크 복사" }));
      await vi.waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
      expect(writeText.mock.calls[0]?.[0]).toMatch(/code=code0{15}6$/);
      expect(screen.queryByRole("button", { name: /공유하기/ })).toBeNull();
      expect(await screen.findByText("복사되었습니다")).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("the share link's 7 days, and the borrower's notices (docs/notices.md)", () => {
  it("says an expired link expired, and issues a new one that replaces it", async () => {
    const expired = fakeContract(8, { linkExpiresAt: "2026-03-09T01:00:00.000Z" });
    const fresh = {
      ...expired,
      code: "newcode000000000008",
      link: "#/pages/loans/sign?code=newcode000000000008",
      linkExpiresAt: "2099-03-16T01:00:00.000Z",
    };
    let current: Contract = expired;
    const reissue = vi.fn(() => {
      current = fresh;
      return { body: fresh };
    });
    const { server } = renderApp(`/pages/order/common?id=${expired.id}`, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
        "/api/v1/contract/detail": () => ({ body: current }),
        "/api/v1/contract/reissueLink": reissue,
      },
    });
    expect(await screen.findByText(/링크가 .*2026.* 만료되었습니다/)).toBeTruthy();
    // An expired link is not offered for sharing.
    expect(screen.queryByTestId("share-link")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "새 링크 만들기" }));
    const dialog = await screen.findByRole("alertdialog", { name: "새 링크 만들기" });
    expect(dialog.textContent).toContain("지금 링크는 바로 사용할 수 없게 되고");
    fireEvent.click(within(dialog).getByRole("button", { name: "새 링크 만들기" }));
    expect((await screen.findByTestId("share-link")).textContent).toMatch(/newcode000000000008$/);
    expect(screen.getByText(/링크 유효 기간: .*2099.*까지/)).toBeTruthy();
    expect(reissue).toHaveBeenCalledTimes(1);
    expect(
      server.calls.find((call) => call.path === "/api/v1/contract/reissueLink")?.payload,
    ).toEqual({ id: expired.id });
  });

  it("lists what the borrower was sent and turns the reminders off", async () => {
    const signed = fakeContract(9, {
      status: "type6",
      openedAt: "2026-03-01T02:00:00.000Z",
      signedAt: "2026-03-01T03:00:00.000Z",
      linkExpiresAt: null,
    });
    let current: Contract = signed;
    const reminders = vi.fn((payload: unknown) => {
      current = { ...signed, reminders: (payload as { on: boolean }).on };
      return { body: current };
    });
    renderApp(`/pages/order/common?id=${signed.id}`, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
        "/api/v1/contract/detail": () => ({ body: current }),
        "/api/v1/contract/ledger": () => ({
          body: {
            contractId: signed.id,
            asOf: "2026-03-09",
            entries: [],
            instalments: signed.schedule,
          },
        }),
        "/api/v1/contract/reminders": reminders,
        "/api/v1/notice/list": () => ({
          body: {
            notices: [
              {
                id: "n1",
                contractId: signed.id,
                contractNumber: signed.number,
                timeZone: "Asia/Seoul",
                kind: "dueSoon",
                instalmentIndex: 1,
                dueDate: "2026-04-01",
                amount: 1_010_000,
                outstandingAmount: 1_010_000,
                text: "[차용] 계약 C-2026-000009 1회차 ₩1,010,000의 상환일이 2026. 04. 01.(3일 후)입니다.",
                createdAt: "2026-03-29T01:00:00.000Z",
                state: "sent",
                sentAt: "2026-03-29T01:00:00.000Z",
              },
              {
                id: "n0",
                contractId: signed.id,
                contractNumber: signed.number,
                timeZone: "Asia/Seoul",
                kind: "dueToday",
                instalmentIndex: 1,
                dueDate: "2026-03-20",
                amount: 1_010_000,
                outstandingAmount: 1_010_000,
                text: "[차용] 계약 C-2026-000009 1회차 ₩1,010,000의 상환일은 오늘(2026. 03. 20.)입니다.",
                createdAt: "2026-03-20T01:00:00.000Z",
                state: "dropped",
                sentAt: null,
              },
            ],
          },
        }),
      },
    });
    expect(await screen.findByText(/3일 후\)입니다/)).toBeTruthy();
    expect(screen.getByText(/상환 3일 전 · .* 발송/)).toBeTruthy();
    expect(
      screen.getByText(/상환일 당일 · 보내지 않음 \(알림 꺼짐, 상환 완료 또는 발송일 지남\)/),
    ).toBeTruthy();
    const toggle = screen.getByRole("checkbox", { name: /상환일 전후로 차용인에게 알림 보내기/ });
    expect(toggle).toHaveProperty("checked", true);
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(reminders).toHaveBeenCalledWith({ id: signed.id, on: false }));
    await vi.waitFor(() => expect(toggle).toHaveProperty("checked", false));
  });
});
