import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const lender = { ...fakeLender, phone: "+821055556666" };

function renderForm() {
  renderApp("/pages/order/addContract", {
    routes: { "/api/v3/user/queryCashUser": () => ({ body: lender }) },
  });
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
    // More disbursed than lent: the computed rate is negative and means nothing.
    expect(rate.textContent).toBe("—");
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

  it("speaks of the total to repay, not instalments, in single-payment mode", async () => {
    renderForm();
    const total = await field("instalmentAmount");
    fireEvent.blur(total);
    expect(await screen.findByText("총 상환 금액을 입력해 주세요")).toBeTruthy();
    expect(screen.queryByText("회차별 상환 금액을 입력해 주세요")).toBeNull();
  });
});
