import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FakeRoute } from "../../test/fake-api-server";
import { fakeContract } from "../../test/fake-contract";
import { fakeUserDetail } from "../../test/fake-identity";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";
import { pendingSignatureAtom } from "./pending-signature";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const contract = fakeContract(3, {
  name: "정씨 대출",
  serviceFee: 30_000,
  amountReceived: 970_000,
  totalRepayable: 1_010_000,
});
const signPage = `/pages/loans/sign?code=${contract.code}`;
const drawing = {
  code: contract.code,
  dataUrl: "data:image/png;base64,iVBORw0KGgo=",
  data: { width: 300, height: 150, strokes: [] },
};

function renderSignPage(routes: Record<string, FakeRoute>) {
  return renderApp(signPage, {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
      "/api/v1/contract/open": () => ({ body: contract }),
      "/api/v1/contract/view": () => ({ raw: "<!doctype html><p>contract</p>" }),
      ...routes,
    },
  });
}

/**
 * Ticks 'I have read the contract' and presses 'confirm signing' once the page has taken both the
 * tick and the drawn signature (on a loaded CI machine a click could land while it was still
 * disabled, and a click on a disabled button does nothing).
 */
async function tickReadAndConfirm() {
  const readConfirm = await screen.findByRole("checkbox");
  fireEvent.click(readConfirm);
  await vi.waitFor(() => expect(readConfirm).toHaveProperty("checked", true));
  const confirm = screen.getByRole("button", { name: "서명 완료" });
  await vi.waitFor(() => expect(confirm).toHaveProperty("disabled", false));
  fireEvent.click(confirm);
}

const verified = {
  "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail({ verified: true }) }),
};

describe("signing needs a verified borrower", () => {
  it("takes an unverified borrower to the face check, and back here afterwards", async () => {
    const { router } = renderSignPage({
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail() }),
    });
    expect(await screen.findByText("본인 인증을 먼저 완료해 주세요")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "눌러서 서명하기" })).toBeNull();
    // No way to confirm a signature the server would refuse.
    expect(screen.queryByTestId("sign-bar")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "본인 인증 후 서명하기" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
  });

  it("waits for the lender's look at a face check that came out 'review', and after a refusal offers a new one", async () => {
    const withReview = (faceReview: "pending" | "refused") => ({
      "/api/v1/contract/open": () => ({
        body: {
          ...contract,
          parties: { ...contract.parties, borrower: { ...contract.parties.borrower, faceReview } },
        },
      }),
      "/api/v3/userAuth/queryUserDetail": () => ({
        body: fakeUserDetail({ verified: true, faceVerified: true, faceDecision: "review" }),
      }),
    });
    renderSignPage(withReview("pending"));
    await screen.findByText(/대여인이 검토하고 있습니다/);
    expect(screen.queryByRole("button", { name: "눌러서 서명하기" })).toBeNull();
    expect(screen.queryByTestId("sign-bar")).toBeNull();
    cleanup();

    const { router } = renderSignPage(withReview("refused"));
    await screen.findByText(/대여인이 얼굴 확인 결과를 승인하지 않았습니다/);
    expect(screen.queryByTestId("sign-bar")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "본인 인증 다시 하기" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
  });

  it("starts at the ID card when the face check is done", async () => {
    const { router } = renderSignPage({
      "/api/v3/userAuth/queryUserDetail": () => ({
        body: fakeUserDetail({ faceVerified: true }),
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "본인 인증 후 서명하기" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/idCard"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
  });

  it("goes into the flow when the server refuses to sign for want of verification", async () => {
    let isVerified = true;
    const { router, store } = renderSignPage({
      "/api/v3/userAuth/queryUserDetail": () => ({
        body: fakeUserDetail({ verified: isVerified }),
      }),
      "/api/v1/contract/sign": () => {
        isVerified = false;
        return { status: 409, message: "본인 인증을 먼저 완료해 주세요" };
      },
    });
    store.set(pendingSignatureAtom, drawing);
    await tickReadAndConfirm();
    fireEvent.click(await screen.findByRole("button", { name: "서명하기" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
  });
});

describe("signing is a deliberate act", () => {
  it("enables 'confirm signing' only with a signature drawn and the contract read", async () => {
    const { store } = renderSignPage(verified);
    const confirm = await screen.findByRole("button", { name: "서명 완료" });
    expect(confirm).toHaveProperty("disabled", true);
    expect(screen.getByText("먼저 서명란에 서명해 주세요")).toBeTruthy();

    store.set(pendingSignatureAtom, drawing);
    expect(await screen.findByText("계약서를 읽고 확인했다는 항목에 체크해 주세요")).toBeTruthy();
    expect(confirm).toHaveProperty("disabled", true);

    fireEvent.click(
      screen.getByRole("checkbox", { name: /계약서와 대출 비용.*읽고 확인했습니다/ }),
    );
    expect(confirm).toHaveProperty("disabled", false);
    expect(screen.queryByText("계약서를 읽고 확인했다는 항목에 체크해 주세요")).toBeNull();
  });

  it("keeps a signature drawn before the page reloaded, for the same borrower only", async () => {
    // What the tab kept before the reload: the borrower's login and his drawing.
    localStorage.setItem("loginInfo", JSON.stringify({ userId: "borrower-1", uuId: "uu-1" }));
    sessionStorage.setItem(
      "pendingSignature",
      JSON.stringify({ userId: "borrower-1", value: drawing }),
    );
    renderSignPage(verified);
    expect(await screen.findByRole("img", { name: "차용인 서명" })).toBeTruthy();
    cleanup();

    // Another user in the same tab does not see it.
    localStorage.setItem("loginInfo", JSON.stringify({ userId: "borrower-2", uuId: "uu-2" }));
    renderSignPage(verified);
    expect(await screen.findByRole("button", { name: "눌러서 서명하기" })).toBeTruthy();
    expect(screen.queryByRole("img", { name: "차용인 서명" })).toBeNull();
  });

  it("keeps the contract ticked as read while the borrower draws his signature", async () => {
    const { router } = renderSignPage(verified);
    fireEvent.click(await screen.findByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "눌러서 서명하기" }));
    await screen.findByRole("button", { name: "지우기" });
    expect(screen.queryByRole("checkbox")).toBeNull();
    router.history.back();
    expect(await screen.findByRole("checkbox")).toHaveProperty("checked", true);
  });

  it("asks once more, naming what the borrower receives and repays, before it signs", async () => {
    const sign = vi.fn(() => ({
      body: { ...contract, status: "type6", signedAt: "2026-03-01T05:00:00.000Z" },
    }));
    const { store, server } = renderSignPage({ ...verified, "/api/v1/contract/sign": sign });
    store.set(pendingSignatureAtom, drawing);
    await tickReadAndConfirm();

    const dialog = await screen.findByRole("alertdialog", { name: "이 계약서에 서명할까요?" });
    expect(within(dialog).getByText("실수령액")).toBeTruthy();
    expect(within(dialog).getByText("₩970,000")).toBeTruthy();
    expect(within(dialog).getByText("총 상환 금액")).toBeTruthy();
    expect(within(dialog).getByText("₩1,010,000")).toBeTruthy();
    expect(sign).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole("button", { name: "서명하기" }));
    expect(await screen.findByText(/계약서 서명이 완료되었습니다/)).toBeTruthy();
    // The signing time as the signed document writes it (Seoul, 24-hour, the offset named).
    expect(await screen.findByText(/· 2026년 3월 1일 14:00 \(GMT\+9\)$/)).toBeTruthy();
    expect(sign).toHaveBeenCalledTimes(1);
    const sent = server.calls.find((call) => call.path === "/api/v1/contract/sign");
    expect(sent?.payload).toEqual({ id: contract.id, signature: drawing.dataUrl });
    expect(store.get(pendingSignatureAtom)).toBeNull();
  });

  it("cancelling the question sends nothing", async () => {
    const sign = vi.fn(() => ({ body: contract }));
    const { store } = renderSignPage({ ...verified, "/api/v1/contract/sign": sign });
    store.set(pendingSignatureAtom, drawing);
    await tickReadAndConfirm();
    fireEvent.click(await screen.findByRole("button", { name: "취소" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(sign).not.toHaveBeenCalled();
  });

  it("keeps the drawing when signing fails, and says why once", async () => {
    const { store } = renderSignPage({
      ...verified,
      "/api/v1/contract/sign": () => ({ status: 400, message: "서명 이미지를 읽을 수 없습니다" }),
    });
    store.set(pendingSignatureAtom, drawing);
    await tickReadAndConfirm();
    fireEvent.click(await screen.findByRole("button", { name: "서명하기" }));
    expect(await screen.findAllByText("서명 이미지를 읽을 수 없습니다")).toHaveLength(1);
    expect(store.get(pendingSignatureAtom)).toMatchObject({ dataUrl: drawing.dataUrl });
    expect(screen.getByRole("img", { name: "차용인 서명" })).toBeTruthy();
    // Trying again needs no new signature.
    expect(screen.getByRole("button", { name: "서명 완료" })).toHaveProperty("disabled", false);
  });

  it("comes back from the canvas at the signature, not at the top of the page", async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const { store } = renderApp(signPage, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
        "/api/v1/contract/open": () => ({ body: contract }),
        ...verified,
      },
    });
    store.set(pendingSignatureAtom, { ...drawing, justSaved: true });
    await screen.findByRole("img", { name: "차용인 서명" });
    await vi.waitFor(() => expect(scrolled.length).toBeGreaterThan(0));
    for (const element of scrolled) expect(element.querySelector("#sign-area")).toBeTruthy();
    expect(scrollTo).not.toHaveBeenCalledWith(0, 0);
    // Spent: the next visit opens at the top as usual.
    expect(store.get(pendingSignatureAtom)?.justSaved).toBe(false);
  });
});

describe("the signature canvas", () => {
  it("says 'no signature detected' once, not as a banner and a toast", async () => {
    renderApp(`/pages/loans/signature?code=${contract.code}`, {
      routes: { "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }) },
    });
    fireEvent.click(await screen.findByRole("button", { name: "저장" }));
    expect(await screen.findAllByText("서명이 감지되지 않았습니다")).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText("서명이 감지되지 않았습니다")).toHaveLength(1);
  });
});

describe("opened with another phone", () => {
  it("names the number it was sent to, masked, and offers to log in with it", async () => {
    const logout = vi.fn(() => ({ body: null }));
    const { router, store } = renderApp(signPage, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({
          body: { ...fakeBorrower, phone: "+821099998888" },
        }),
        "/api/v1/contract/open": () => ({
          status: 403,
          message: "접근 권한이 없는 계약입니다",
          body: { sentToPhone: "010-****-5678" },
        }),
        "/auth/v1/user/loginOut": logout,
      },
    });
    expect(await screen.findByText("다른 번호로 보낸 계약서입니다")).toBeTruthy();
    expect(screen.getByTestId("sent-to-phone").textContent).toBe("010-****-5678");
    expect(
      await screen.findByText("지금은 010-9999-8888 번호로 로그인되어 있습니다."),
    ).toBeTruthy();
    expect(screen.queryByText("접근 권한이 없는 계약입니다")).toBeNull();

    fireEvent.click(
      screen.getByRole("button", { name: "로그아웃하고 010-****-5678 번호로 로그인" }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toEqual({ redirect: signPage });
    expect(store.get(pendingSignatureAtom)).toBeNull();
  });

  /** The sign page opened with a lender's account: the server refuses it before any lookup. */
  const renderAsLender = (routes: Record<string, FakeRoute>) =>
    renderApp(signPage, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
        "/api/v1/contract/open": () => ({
          status: 403,
          message: "접근 권한이 없습니다",
          key: "access.forbidden",
        }),
        ...routes,
      },
    });

  it("tells a lender who opens a share link that it is the borrower's, not that it is broken", async () => {
    const logout = vi.fn(() => ({ body: null }));
    const { router } = renderAsLender({ "/auth/v1/user/loginOut": logout });
    expect(await screen.findByText("차용인용 계약 링크입니다")).toBeTruthy();
    expect(screen.queryByText("접근 권한이 없습니다")).toBeNull();
    expect(screen.queryByText(/링크가 잘못되었거나/)).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "로그아웃하고 다른 번호로 로그인" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toEqual({ redirect: signPage });
  });

  it("takes a lender from a share link back to his contracts", async () => {
    const { router } = renderAsLender({
      "/api/v1/contract/query": () => ({ body: { items: [], nextCursor: null, total: 0 } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "내 계약 목록으로" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/order/index"));
  });

  it("shows the plain refusal when the server names no number", async () => {
    renderApp(signPage, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
        "/api/v1/contract/open": () => ({ status: 404, message: "계약을 찾을 수 없습니다" }),
      },
    });
    expect(await screen.findByText("계약을 찾을 수 없습니다")).toBeTruthy();
    expect(screen.queryByText("다른 번호로 보낸 계약서입니다")).toBeNull();
  });

  it("says what to do about a refused link, and leads home", async () => {
    const { router } = renderApp(signPage, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
        "/api/v1/contract/open": () => ({ status: 404, message: "계약을 찾을 수 없습니다" }),
      },
    });
    expect(
      await screen.findByText(
        "링크가 잘못되었거나 계약이 삭제되었습니다. 대여인에게 링크를 다시 요청해 주세요.",
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "처음 화면으로" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/index/index"));
  });

  it("offers to try again when the contract could not be fetched", async () => {
    let failing = true;
    renderApp(signPage, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
        "/api/v1/contract/open": () => {
          if (failing) throw new TypeError("network down");
          return { body: contract };
        },
        "/api/v1/contract/view": () => ({ raw: "<!doctype html><p>contract</p>" }),
      },
    });
    const retry = await screen.findByRole("button", { name: "다시 시도" });
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole("heading", { name: contract.name })).toBeTruthy();
  });
});

describe("signing into a debt already overdue (docs/contracts.md)", () => {
  const overdue = {
    ...contract,
    overdueAtSigning: {
      asOf: "2026-03-20",
      overdueAmount: 1_014_150,
      overdueInterest: 4_150,
      outstandingAmount: 1_014_150,
      daysOverdue: 10,
    },
  };

  it("warns first, and signs only once the borrower ticked that he owes it at once", async () => {
    const sign = vi.fn(() => ({ body: { ...overdue, status: "type4", overdueAtSigning: null } }));
    const { store, server } = renderSignPage({
      ...verified,
      "/api/v1/contract/open": () => ({ body: overdue }),
      "/api/v1/contract/sign": sign,
    });
    store.set(pendingSignatureAtom, drawing);
    const warning = await screen.findByRole("alert", { name: "이미 연체된 계약입니다" });
    expect(within(warning).getByText("₩1,014,150")).toBeTruthy();
    expect(within(warning).getByText(/상환일이 10일 지났습니다. 연체이자 ₩4,150이/)).toBeTruthy();

    // The read tick alone does not open the gate: the overdue one is asked for too.
    const [acknowledge, readConfirm] = await screen.findAllByRole("checkbox");
    if (!acknowledge || !readConfirm) throw new Error("two ticks expected");
    expect(acknowledge.closest("label")?.textContent).toContain("₩1,014,150");
    fireEvent.click(readConfirm);
    const confirm = screen.getByRole("button", { name: "서명 완료" });
    expect(await screen.findByText("연체 상태를 확인했다는 항목에 체크해 주세요")).toBeTruthy();
    expect(confirm).toHaveProperty("disabled", true);
    fireEvent.click(acknowledge);
    await vi.waitFor(() => expect(confirm).toHaveProperty("disabled", false));
    fireEvent.click(confirm);

    const dialog = await screen.findByRole("alertdialog", { name: "이 계약서에 서명할까요?" });
    expect(within(dialog).getByText("오늘 서명하면 즉시 갚아야 할 금액")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "서명하기" }));
    await vi.waitFor(() => expect(sign).toHaveBeenCalledTimes(1));
    const sent = server.calls.find((call) => call.path === "/api/v1/contract/sign");
    expect(sent?.payload).toEqual({
      id: contract.id,
      signature: drawing.dataUrl,
      acknowledgeOverdue: true,
    });
  });

  it("shows the warning when a due date passed while the page was open and the server asks for the tick", async () => {
    let passed = false;
    const { store } = renderSignPage({
      ...verified,
      "/api/v1/contract/open": () => ({ body: passed ? overdue : contract }),
      "/api/v1/contract/sign": () => {
        passed = true;
        return {
          status: 409,
          message: "이미 연체된 계약입니다. 연체 사실을 확인했다는 항목에 체크해 주세요",
        };
      },
    });
    store.set(pendingSignatureAtom, drawing);
    await tickReadAndConfirm();
    const dialog = await screen.findByRole("alertdialog", { name: "이 계약서에 서명할까요?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "서명하기" }));
    expect(await screen.findByRole("alert", { name: "이미 연체된 계약입니다" })).toBeTruthy();
    expect(
      screen.getByRole("checkbox", { name: /서명 즉시 .* 갚아야 한다는 것을 확인했습니다/ }),
    ).toHaveProperty("checked", false);
  });

  it("says so in Traditional Chinese too", async () => {
    localStorage.setItem("languageIndex", "1");
    renderSignPage({ ...verified, "/api/v1/contract/open": () => ({ body: overdue }) });
    expect(await screen.findByRole("alert", { name: "此合約已經逾期" })).toBeTruthy();
    expect(screen.getByText(/到期日已過 10 天/)).toBeTruthy();
  });
});

describe("an expired share link", () => {
  it("says when it stopped working and whom to ask for a new one", async () => {
    renderApp(signPage, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
        "/api/v1/contract/open": () => ({
          status: 409,
          message: "계약 링크가 만료되었습니다. 대여인에게 새 링크를 요청해 주세요",
          body: { linkExpiresAt: "2026-03-09T01:00:00.000Z" },
        }),
      },
    });
    expect(await screen.findByText("계약 링크가 만료되었습니다")).toBeTruthy();
    expect(
      screen.getByText(/이 링크는 .*2026.* 만료되었습니다. 대여인에게 새 링크를 요청해 주세요./),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "처음 화면으로" })).toBeTruthy();
  });
});
