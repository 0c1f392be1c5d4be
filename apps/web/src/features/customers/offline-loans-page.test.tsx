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
const older = {
  id: "r-old",
  phone: "+821011112222",
  amount: 300_000,
  outstandingAmount: 100_000,
  loanDate: "2026-01-10",
  state: "overdue" as const,
  createdAt: "2026-02-01T00:00:00.000Z",
};

function change(container: HTMLElement, label: string, value: string) {
  fireEvent.change(within(container).getByLabelText(label, { exact: false }), {
    target: { value },
  });
}

describe("my offline loan reports", () => {
  it("is reached from the lookup, files a report after the domain's checks, and lists it first", async () => {
    const fake = fakeSharedDebt({ reports: [older] });
    const { server } = renderApp("/pages/me/sharedDebt", {
      routes: { ...lender, ...fake.routes },
    });
    fireEvent.click(await screen.findByRole("button", { name: "내가 등록한 외부 대출" }));
    await screen.findByText("010-1111-2222");

    fireEvent.click(screen.getByRole("button", { name: "외부 대출 등록" }));
    const sheet = await screen.findByRole("dialog", { name: "외부 대출 등록" });
    fireEvent.click(within(sheet).getByRole("button", { name: "등록" }));
    expect(await within(sheet).findByText("휴대폰 번호를 입력해 주세요")).toBeTruthy();
    expect(within(sheet).getByText("대출 금액을 입력해 주세요")).toBeTruthy();
    expect(within(sheet).getByText("대출일을 선택해 주세요")).toBeTruthy();

    change(sheet, "휴대폰 번호", "010-3333-4444");
    change(sheet, "주민등록번호", "900101-1234567");
    change(sheet, "대출 금액", "500000");
    change(sheet, "미상환 금액", "600000");
    change(sheet, "대출일", "2999-01-01");
    fireEvent.click(within(sheet).getByRole("button", { name: "등록" }));
    expect(
      await within(sheet).findByText("미상환 금액은 대출 금액보다 클 수 없습니다"),
    ).toBeTruthy();
    expect(within(sheet).getByText("대출일은 오늘 이후일 수 없습니다")).toBeTruthy();
    expect(server.calls.some((call) => call.path.endsWith("/contract/offlineLoan"))).toBe(false);

    // Closing the sheet loses nothing typed.
    fireEvent.click(within(sheet).getByRole("button", { name: "닫기" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "외부 대출 등록" }));
    const again = await screen.findByRole("dialog", { name: "외부 대출 등록" });
    expect(
      (within(again).getByLabelText("대출 금액", { exact: false }) as HTMLInputElement).value,
    ).toBe("500,000");

    change(again, "미상환 금액", "200000");
    change(again, "대출일", "2026-02-01");
    fireEvent.click(within(again).getByRole("button", { name: "등록" }));
    await screen.findByText("외부 대출이 등록되었습니다");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const items = await screen.findAllByRole("listitem");
    expect(items[0]?.textContent).toContain("010-3333-4444");
    expect(items[0]?.textContent).toContain("상환 중");
    expect(items[0]?.textContent).toContain("200,000");
    expect(items[1]?.textContent).toContain("010-1111-2222");
    // The request the domain's record schema makes of what was typed: the phone as E.164.
    expect(
      server.calls.find((call) => call.path.endsWith("/contract/offlineLoan"))?.payload,
    ).toEqual({
      phone: "+821033334444",
      idNumber: "900101-1234567",
      amount: 500_000,
      outstandingAmount: 200_000,
      loanDate: "2026-02-01",
      state: "inTransit",
      // Each creation carries its action's key (docs/idempotency.md).
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it("corrects a report's terms in a sheet (never its person)", async () => {
    const fake = fakeSharedDebt({ reports: [older] });
    const { server } = renderApp("/pages/me/offlineLoans", {
      routes: { ...lender, ...fake.routes },
    });
    await screen.findByText("010-1111-2222");
    fireEvent.click(screen.getByRole("button", { name: "정정" }));
    const sheet = await screen.findByRole("dialog", { name: "기록 정정" });
    expect(within(sheet).getByText(/차용인은 바꿀 수 없습니다/)).toBeTruthy();
    expect(within(sheet).queryByLabelText("주민등록번호", { exact: false })).toBeNull();
    expect(
      (within(sheet).getByLabelText("미상환 금액", { exact: false }) as HTMLInputElement).value,
    ).toBe("100,000");

    // Settled: nothing is owed, the field goes away.
    fireEvent.click(within(sheet).getByRole("radio", { name: "상환 완료" }));
    expect(within(sheet).queryByLabelText("미상환 금액", { exact: false })).toBeNull();
    expect(within(sheet).getByText("상환 완료된 대출은 미상환 금액이 없습니다.")).toBeTruthy();
    change(sheet, "대출 금액", "350000");
    fireEvent.click(within(sheet).getByRole("button", { name: "정정 저장" }));
    await screen.findByText("기록이 정정되었습니다");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const [item] = screen.getAllByRole("listitem");
    expect(item?.textContent).toContain("상환 완료");
    expect(item?.textContent).toContain("350,000");
    expect(
      server.calls.find((call) => call.path.endsWith("/offlineLoan/correct"))?.payload,
    ).toEqual({ id: "r-old", amount: 350_000, loanDate: "2026-01-10", state: "settled" });
  });

  it("shows the server's refusal on its field, and a report gone elsewhere", async () => {
    const fake = fakeSharedDebt({ reports: [older] });
    let corrections = 0;
    renderApp("/pages/me/offlineLoans", {
      routes: {
        ...lender,
        ...fake.routes,
        "/api/v1/contract/offlineLoan/correct": () =>
          ++corrections === 1
            ? {
                status: 400,
                message: "x",
                body: {
                  errors: [
                    {
                      field: "loanDate",
                      key: "offlineLoan.loanDate.future",
                      message: "대출일은 오늘 이후일 수 없습니다 (server)",
                    },
                  ],
                },
              }
            : { status: 404, message: "해당 기록이 없거나 이미 철회되었습니다", body: null },
      },
    });
    await screen.findByText("010-1111-2222");
    fireEvent.click(screen.getByRole("button", { name: "정정" }));
    const sheet = await screen.findByRole("dialog", { name: "기록 정정" });
    fireEvent.click(within(sheet).getByRole("button", { name: "정정 저장" }));
    expect(
      await within(sheet).findByText("대출일은 오늘 이후일 수 없습니다 (server)"),
    ).toBeTruthy();
    change(sheet, "대출일", "2026-01-11");
    fireEvent.click(within(sheet).getByRole("button", { name: "정정 저장" }));
    expect(await within(sheet).findByText("해당 기록이 없거나 이미 철회되었습니다")).toBeTruthy();
  });

  it("withdraws a report after a confirmation", async () => {
    const fake = fakeSharedDebt({ reports: [older] });
    renderApp("/pages/me/offlineLoans", { routes: { ...lender, ...fake.routes } });
    await screen.findByText("010-1111-2222");
    fireEvent.click(screen.getByRole("button", { name: "철회" }));
    const dialog = await screen.findByRole("alertdialog", { name: "이 기록을 철회하시겠습니까?" });
    expect(within(dialog).getByText(/다중 채무 조회에 더 이상 반영되지 않습니다/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "철회" }));
    await screen.findByText("기록이 철회되었습니다");
    await screen.findByText("등록한 외부 대출이 없습니다");
    expect(fake.reports()).toEqual([]);
  });
});
