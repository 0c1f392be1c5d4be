import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FakeRoute } from "../../test/fake-api-server";
import { fakeContract } from "../../test/fake-contract";
import { fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const lender = { ...fakeLender, phone: "+821055556666" };

function renderForm(routes: Record<string, FakeRoute> = {}) {
  return renderApp("/pages/order/addContract", {
    routes: { "/api/v3/user/queryCashUser": () => ({ body: lender }), ...routes },
  });
}

/** The login info a login leaves in local storage (docs/login.md#sessions). */
const lenderLogin = { userId: "lender-1", uuId: "uu-1" };

/** Every field of a single payment within the cap, as a lender types it. */
async function fillDraft() {
  const type = async (name: string, value: string) =>
    fireEvent.change(await field(name), { target: { value } });
  await type("name", "  이씨 대출 ");
  await type("borrowerPhone", "010-8765-4321");
  await type("loanAmount", "1000000");
  await type("disbursedAmount", "1000000");
  await type("repaymentDate", inDays(31));
  await type("instalmentAmount", "1010000");
  await type("overdueRate", "15");
}

async function field(name: string): Promise<HTMLInputElement> {
  return waitFor(() => {
    const input = document.querySelector<HTMLInputElement>(`[name="${name}"]`);
    if (!input) throw new Error(`no field ${name}`);
    return input;
  });
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

describe("the create-contract form", () => {
  it("shows no rate while the amounts are wrong, and the rate once they are right", async () => {
    renderForm();
    fireEvent.change(await field("loanAmount"), { target: { value: "1000000" } });
    fireEvent.change(await field("disbursedAmount"), { target: { value: "1200000" } });
    fireEvent.change(await field("repaymentDate"), { target: { value: inDays(40) } });
    fireEvent.change(await field("instalmentAmount"), { target: { value: "1010000" } });

    const rate = await screen.findByTestId("cost-rate");
    // More disbursed than lent: the computed rate is negative and means nothing, and so is
    // an amount received above the loan.
    expect(rate.textContent).toBe("—");
    expect(screen.getByTestId("cost-received").textContent).toBe("—");
    expect(screen.queryByText("법정 최고이자율 이내입니다")).toBeNull();
    expect(
      screen.getByText("위의 금액과 날짜를 올바르게 입력하면 이자율이 표시됩니다."),
    ).toBeTruthy();

    fireEvent.change(await field("disbursedAmount"), { target: { value: "1000000" } });
    await waitFor(() => expect(screen.getByTestId("cost-rate").textContent).toMatch(/^\d[\d.]*%$/));
    expect(screen.getByText("법정 최고이자율 이내입니다")).toBeTruthy();
  });

  it("refuses the lender's own phone as the borrower's, on that field", async () => {
    renderForm();
    const phone = await field("borrowerPhone");
    fireEvent.change(phone, { target: { value: "010-5555-6666" } });
    fireEvent.blur(phone);
    expect(
      await screen.findByText("본인의 휴대폰 번호입니다. 차용인의 휴대폰 번호를 입력해 주세요"),
    ).toBeTruthy();
    expect(phone.getAttribute("aria-invalid")).toBe("true");
  });

  it("says a repayment date already past makes the contract overdue at signing, and takes it", async () => {
    renderForm();
    const pastWarning = "이미 지난 날짜입니다. 서명하는 즉시 연체로 표시됩니다";
    fireEvent.change(await field("loanDate"), { target: { value: inDays(-60) } });
    fireEvent.change(await field("repaymentDate"), { target: { value: inDays(-20) } });
    expect(await screen.findByText(pastWarning)).toBeTruthy();
    expect((await field("repaymentDate")).getAttribute("aria-invalid")).not.toBe("true");
    fireEvent.change(await field("repaymentDate"), { target: { value: inDays(20) } });
    await waitFor(() => expect(screen.queryByText(pastWarning)).toBeNull());
  });

  it("offers only the repayment dates the rule accepts, and names the 5 years when one is typed past them", async () => {
    renderForm();
    fireEvent.change(await field("loanDate"), { target: { value: "2026-03-10" } });
    const repaymentDate = await field("repaymentDate");
    await waitFor(() => expect(repaymentDate.min).toBe("2026-03-11"));
    expect(repaymentDate.max).toBe("2031-03-10");

    fireEvent.change(repaymentDate, { target: { value: "2031-03-11" } });
    fireEvent.blur(repaymentDate);
    expect(await screen.findByText("상환일은 대출일로부터 5년 이내로 선택해 주세요")).toBeTruthy();
  });

  it("says a service fee must be less than the money disbursed", async () => {
    renderForm();
    fireEvent.change(await field("disbursedAmount"), { target: { value: "100000" } });
    const fee = await field("serviceFee");
    fireEvent.change(fee, { target: { value: "100000" } });
    fireEvent.blur(fee);
    expect(await screen.findByText("수수료는 실지급 금액보다 적어야 합니다")).toBeTruthy();
  });

  it("keeps the total typed when single payment turns into instalments, and back", async () => {
    renderForm();
    const amount = await field("instalmentAmount");
    fireEvent.change(amount, { target: { value: "1100000" } });
    fireEvent.click(screen.getByRole("radio", { name: "분할 상환" }));
    // Three instalments by default: each a third, rounded up so the total is never less.
    await waitFor(() => expect(amount.value).toBe("366,667"));
    fireEvent.click(screen.getByRole("radio", { name: "일시 상환" }));
    await waitFor(() => expect(amount.value).toBe("1,100,000"));

    // An instalment amount typed by hand turns back into what its instalments repay.
    fireEvent.click(screen.getByRole("radio", { name: "분할 상환" }));
    await waitFor(() => expect(amount.value).toBe("366,667"));
    fireEvent.change(amount, { target: { value: "400000" } });
    fireEvent.click(screen.getByRole("radio", { name: "일시 상환" }));
    await waitFor(() => expect(amount.value).toBe("1,200,000"));
  });

  it("speaks of the total to repay, not instalments, in single-payment mode", async () => {
    renderForm();
    const total = await field("instalmentAmount");
    fireEvent.blur(total);
    expect(await screen.findByText("총 상환 금액을 입력해 주세요")).toBeTruthy();
    expect(screen.queryByText("회차별 상환 금액을 입력해 주세요")).toBeNull();
  });

  it("brings the first field to fix into view and focuses it on a refused submit", async () => {
    HTMLElement.prototype.scrollIntoView ??= () => {};
    const scrolled = vi.spyOn(HTMLElement.prototype, "scrollIntoView");
    renderForm();
    fireEvent.change(await field("name"), { target: { value: "이씨 대출" } });
    const create = screen.getByRole("button", { name: "계약 만들기" });
    create.focus();
    fireEvent.click(create);
    // The name is filled: the borrower's phone, next down the long form, is the first to fix.
    const phone = await field("borrowerPhone");
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(scrolled.mock.contexts).toEqual([phone]);
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    // Every other problem is said too.
    expect(screen.getByText("대출 금액을 입력해 주세요")).toBeTruthy();
  });

  it("sends the request the domain's draft schema makes of the form, and says a blocked phone on it", async () => {
    const sent: unknown[] = [];
    const { server, router } = renderForm({
      "/api/v1/contract/add": (payload) => {
        sent.push(payload);
        return sent.length === 1
          ? {
              status: 409,
              message: "차단 목록에 있는 번호입니다 (server)",
              body: null,
            }
          : { body: fakeContract(9) };
      },
      "/api/v1/contract/detail": () => ({ body: fakeContract(9) }),
    });
    await fillDraft();
    fireEvent.click(screen.getByRole("button", { name: "계약 만들기" }));
    const phone = await field("borrowerPhone");
    expect(await screen.findByText("차단 목록에 있는 번호입니다 (server)")).toBeTruthy();
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(phone);

    fireEvent.change(phone, { target: { value: "010-8765-4322" } });
    await waitFor(() =>
      expect(screen.queryByText("차단 목록에 있는 번호입니다 (server)")).toBeNull(),
    );
    fireEvent.click(screen.getByRole("button", { name: "계약 만들기" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/order/common"));
    expect(server.calls.filter((call) => call.path === "/api/v1/contract/add")).toHaveLength(2);
    // Cleaned text, money as integers, the rate as a number, a single payment of one instalment.
    expect(sent[1]).toEqual({
      name: "이씨 대출",
      borrowerPhone: "010-8765-4322",
      loanAmount: 1_000_000,
      disbursedAmount: 1_000_000,
      loanDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      repaymentDate: inDays(31),
      instalment: false,
      instalmentCount: 1,
      instalmentAmount: 1_010_000,
      interval: "monthly",
      serviceFee: 0,
      overdueRatePercent: 15,
      lender: "Demo Lender",
      merchantName: "Demo Merchant",
      // Each creation carries its action's key (docs/idempotency.md).
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // The phone changed after the refusal: another request, so another key (docs/idempotency.md).
    expect((sent[1] as { idempotencyKey: string }).idempotencyKey).not.toBe(
      (sent[0] as { idempotencyKey: string }).idempotencyKey,
    );
  });

  it("says the legal cap once, in the preview, and takes the focus to the amount to lower", async () => {
    const { server } = renderForm();
    await fillDraft();
    const amount = await field("instalmentAmount");
    fireEvent.change(amount, { target: { value: "1200000" } });
    fireEvent.blur(amount);
    const cap = /법정 최고이자율 20%를 초과/;
    expect(await screen.findByText(cap)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "계약 만들기" }));
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(screen.getAllByText(cap)).toHaveLength(1);
    expect(server.calls.some((call) => call.path === "/api/v1/contract/add")).toBe(false);
  });

  it("keeps the draft across a trip to the template list, and fills it from the chosen template", async () => {
    renderForm({
      "/api/v1/template/query": () => ({
        body: [
          {
            id: "template-1",
            name: "기본 계약",
            lender: "박대여",
            merchantName: "박상사",
            createdAt: "2026-03-01T00:00:00.000Z",
          },
        ],
      }),
    });
    fireEvent.change(await field("borrowerPhone"), { target: { value: "010-8765-4321" } });
    fireEvent.change(await field("loanAmount"), { target: { value: "500000" } });
    fireEvent.click(screen.getByRole("button", { name: "템플릿 불러오기" }));
    fireEvent.click(await screen.findByRole("button", { name: "선택" }));

    expect((await field("lender")).value).toBe("박대여");
    expect((await field("merchantName")).value).toBe("박상사");
    // The name was empty: the template's. What was typed stays.
    expect((await field("name")).value).toBe("기본 계약");
    expect((await field("borrowerPhone")).value).toBe("010-8765-4321");
    expect((await field("loanAmount")).value).toBe("500,000");
  });
});

describe("the create-contract draft across a session end and a reload", () => {
  const sessionEnded = "로그인이 만료되었습니다. 다시 로그인해 주세요.";

  /** The lender's session ends as he presses create; then `who` logs in on the same phone. */
  async function sessionEndsThenLogIn(who: { userId: string; uuId: string }) {
    localStorage.setItem("loginInfo", JSON.stringify(lenderLogin));
    const { router } = renderForm({
      "/api/v1/contract/add": () => ({ status: 301, message: "session ended", body: null }),
      "/auth/v3/user/login": () => ({
        body: { token: "token-after-login", loginInfo: who, role: "lender" },
      }),
    });
    await fillDraft();
    fireEvent.click(screen.getByRole("button", { name: "계약 만들기" }));
    expect(await screen.findByText(sessionEnded)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/pages/login/index");

    fireEvent.change(screen.getByLabelText("휴대폰 번호", { exact: false }), {
      target: { value: "010-5555-6666" },
    });
    fireEvent.change(screen.getByLabelText("인증번호", { exact: false }), {
      target: { value: "123456" },
    });
    fireEvent.click(screen.getByRole("button", { name: "로그인" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/order/addContract"));
  }

  it("is there again when the same lender logs back in after his session ended", async () => {
    await sessionEndsThenLogIn(lenderLogin);
    await waitFor(async () => expect((await field("borrowerPhone")).value).toBe("010-8765-4321"));
    expect((await field("loanAmount")).value).toBe("1,000,000");
    expect((await field("repaymentDate")).value).toBe(inDays(31));
    expect((await field("instalmentAmount")).value).toBe("1,010,000");
    expect((await field("overdueRate")).value).toBe("15");
  });

  it("is not shown to another user who logs in on the same phone, nor kept", async () => {
    await sessionEndsThenLogIn({ userId: "someone-else", uuId: "uu-2" });
    expect((await field("borrowerPhone")).value).toBe("");
    expect((await field("loanAmount")).value).toBe("");
    expect(sessionStorage.getItem("contractDraft")).toBeNull();
  });

  it("is kept across a reload of the form", async () => {
    localStorage.setItem("loginInfo", JSON.stringify(lenderLogin));
    renderForm();
    await fillDraft();
    await waitFor(() => expect(sessionStorage.getItem("contractDraft")).toContain("1010000"));

    // The page reloads: a new app over the same tab.
    cleanup();
    renderForm();
    await waitFor(async () => expect((await field("borrowerPhone")).value).toBe("010-8765-4321"));
    expect((await field("instalmentAmount")).value).toBe("1,010,000");
  });
});
