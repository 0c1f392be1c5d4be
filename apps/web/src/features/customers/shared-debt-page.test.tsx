import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeSharedDebt } from "../../test/fake-shared-debt";
import { fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const lender = { "/api/v3/user/queryCashUser": () => ({ body: fakeLender }) };

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

/**
 * The lookup's own form is there. Not its heading: the route's pending state shows the same
 * title while the page's chunk loads, which on a loaded machine is long enough to matter.
 */
function lookupShown() {
  return screen.findByRole("button", { name: "조회" });
}

function lookUp(phone: string, idNumber: string) {
  fill("휴대폰 번호", phone);
  fill("주민등록번호", idNumber);
  fireEvent.click(screen.getByRole("button", { name: "조회" }));
}

describe("the shared-debt lookup", () => {
  it("is reached from 'me', checks the fields as the server would, and shows both halves", async () => {
    const fake = fakeSharedDebt({
      reports: [
        {
          id: "r1",
          phone: "+821012345678",
          amount: 300_000,
          outstandingAmount: 100_000,
          loanDate: "2026-01-10",
          state: "overdue",
          createdAt: "2026-02-01T00:00:00.000Z",
        },
      ],
    });
    const { server } = renderApp("/pages/me/index", { routes: { ...lender, ...fake.routes } });
    fireEvent.click(await screen.findByRole("button", { name: "다중 채무 조회" }));
    await lookupShown();

    // Nothing typed: both required fields say so, nothing is sent.
    fireEvent.click(screen.getByRole("button", { name: "조회" }));
    expect(await screen.findByText("휴대폰 번호를 입력해 주세요")).toBeTruthy();
    expect(screen.getByText("주민등록번호를 입력해 주세요")).toBeTruthy();
    fill("주민등록번호", "12");
    expect(await screen.findByText("올바른 주민등록번호를 입력해 주세요")).toBeTruthy();
    fill("체크카드 번호", "12ab");
    fireEvent.click(screen.getByRole("button", { name: "조회" }));
    expect(server.calls.some((call) => call.path.endsWith("/sharedDebt"))).toBe(false);

    fill("체크카드 번호", "");
    fill("비고", "두 번째 대출 전");
    lookUp("010-1234-5678", "900101-1234567");
    // The cards show placeholders while the lookup runs, then the figures.
    await waitFor(() =>
      expect(
        screen.getByRole("region", { name: "앱 내 계약" }).getAttribute("aria-busy"),
      ).toBeNull(),
    );
    const online = screen.getByRole("region", { name: "앱 내 계약" });
    const offline = screen.getByRole("region", { name: "외부 대출" });
    expect(within(online).getByText("계약 건수").parentElement?.textContent).toContain("2건");
    expect(within(online).getByText("미상환 금액").parentElement?.textContent).toContain(
      "1,010,000",
    );
    expect(within(offline).getByText("계약 건수").parentElement?.textContent).toContain("1건");
    expect(within(offline).getByText("연체 건수").parentElement?.textContent).toContain("1건");
    expect(within(offline).getByText("미상환 금액").parentElement?.textContent).toContain(
      "100,000",
    );
    expect(screen.getByText(/010-1234-5678 · .* 기준/)).toBeTruthy();
    // The request the domain's query schema makes of what was typed: the phone as E.164.
    expect(server.calls.find((call) => call.path.endsWith("/sharedDebt"))?.payload).toEqual({
      phone: "+821012345678",
      idNumber: "900101-1234567",
      remark: "두 번째 대출 전",
    });
  });

  it("says 'not found' as a friendly empty state, not an error", async () => {
    const fake = fakeSharedDebt();
    renderApp("/pages/me/sharedDebt", { routes: { ...lender, ...fake.routes } });
    await lookupShown();
    lookUp("010-9999-8888", "900101-1234567");
    expect(await screen.findByText("다중 채무 정보가 없습니다")).toBeTruthy();
    expect(screen.getByText(/채무가 없다는 뜻은 아닙니다/)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("region", { name: "앱 내 계약" })).toBeNull();
  });

  it("says the hourly limit clearly, and shows progress while the lookup runs", async () => {
    let answer: (value: { status: number; message: string }) => void = () => {};
    renderApp("/pages/me/sharedDebt", {
      routes: {
        ...lender,
        "/api/v1/contract/sharedDebt": () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    });
    await lookupShown();
    lookUp("010-1234-5678", "900101-1234567");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "조회" }).getAttribute("aria-busy")).toBe("true"),
    );
    expect(screen.getByRole("region", { name: "앱 내 계약" }).getAttribute("aria-busy")).toBe(
      "true",
    );
    answer({ status: 429, message: "너무 자주 시도했습니다" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "1시간 조회 한도(30회)에 도달했습니다. 잠시 후 다시 시도해 주세요.",
    );
    expect(screen.queryByRole("region", { name: "앱 내 계약" })).toBeNull();
    // What was typed stays.
    expect(
      (screen.getByLabelText("주민등록번호", { exact: false }) as HTMLInputElement).value,
    ).toBe("900101-1234567");
  });

  it("shows the server's word on a field", async () => {
    renderApp("/pages/me/sharedDebt", {
      routes: {
        ...lender,
        "/api/v1/contract/sharedDebt": () => ({
          status: 400,
          message: "x",
          body: {
            errors: [
              { field: "phone", key: "phone.invalid", message: "올바른 휴대폰 번호 (server)" },
            ],
          },
        }),
      },
    });
    await lookupShown();
    lookUp("010-1234-5678", "900101-1234567");
    expect(await screen.findByText("올바른 휴대폰 번호 (server)")).toBeTruthy();
  });

  it("opens from the create-contract form with the borrower's phone", async () => {
    const fake = fakeSharedDebt();
    renderApp("/pages/order/addContract", { routes: { ...lender, ...fake.routes } });
    fireEvent.change(await screen.findByLabelText("차용인 휴대폰 번호", { exact: false }), {
      target: { value: "010-1234-5678" },
    });
    fireEvent.click(screen.getByRole("button", { name: "이 차용인의 다중 채무 조회" }));
    await lookupShown();
    expect((screen.getByLabelText("휴대폰 번호", { exact: false }) as HTMLInputElement).value).toBe(
      "010-1234-5678",
    );
  });
});
