import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeContract } from "../../test/fake-contract";
import { fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A signed single payment of 1,010,000 due 2026-04-01: long overdue by now. */
const overdue = fakeContract(3, {
  name: "최씨 대출",
  status: "type4",
  openedAt: "2026-03-01T01:00:00.000Z",
  signedAt: "2026-03-01T01:05:00.000Z",
});
const repayment = {
  id: "entry-1",
  contractId: overdue.id,
  seq: 1,
  kind: "repayment",
  instalmentIndex: 1,
  amount: 300_000,
  date: "2026-04-10",
  newDueDate: null,
  reversesEntryId: null,
  actorId: "lender-1",
  recordedAt: "2026-04-10T02:00:00.000Z",
  reason: "현금",
  actorName: "Kim",
  reversedByEntryId: null,
};

function renderSigned(
  update: (payload: unknown) => { status?: number; body?: unknown },
  routes: Record<string, (payload: unknown) => { body: unknown }> = {},
) {
  return renderApp(`/pages/order/common?id=${overdue.id}`, {
    routes: {
      ...routes,
      "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
      "/api/v1/contract/detail": () => ({ body: overdue }),
      "/api/v1/contract/ledger": () => ({
        body: {
          contractId: overdue.id,
          asOf: "2026-11-23",
          entries: [repayment],
          instalments: overdue.schedule,
        },
      }),
      "/api/v1/contract/upt": (payload) => {
        const answer = update(payload);
        return { status: answer.status ?? 200, message: "", body: answer.body ?? overdue };
      },
    },
  });
}

describe("money on a signed contract (lender)", () => {
  it("shows the balances and the ledger, and records a repayment with one key per action", async () => {
    const sent: Record<string, unknown>[] = [];
    const { server } = renderSigned((payload) => {
      sent.push(payload as Record<string, unknown>);
      return sent.length === 1
        ? {
            status: 400,
            body: {
              errors: [
                {
                  field: "receivedOn",
                  key: "operation.receivedOn.inFuture",
                  message: "실제 상환일은 오늘보다 늦을 수 없습니다 (server)",
                },
              ],
            },
          }
        : {};
    });
    await screen.findByRole("heading", { name: "회차별 잔액" });
    expect(await screen.findByText("사유: 현금")).toBeTruthy();
    expect(screen.getByRole("button", { name: "이 기록 취소" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "상환 등록" }));
    const sheet = await screen.findByRole("dialog", { name: "상환 등록" });
    // More than the instalment owes: the domain says so before anything is sent.
    fireEvent.change(within(sheet).getByLabelText(/이번 상환 금액/), {
      target: { value: "5000000" },
    });
    fireEvent.click(within(sheet).getByRole("button", { name: "상환 등록" }));
    expect(await within(sheet).findByText(/이 회차의 미상환 금액 ₩[\d,]+보다 큽니다/)).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(within(sheet).getByLabelText(/이번 상환 금액/), {
      target: { value: "200000" },
    });
    fireEvent.click(within(sheet).getByRole("button", { name: "상환 등록" }));
    // The server's field error lands on its field, in the server's own words.
    expect(
      await within(sheet).findByText("실제 상환일은 오늘보다 늦을 수 없습니다 (server)"),
    ).toBeTruthy();
    const detailReads = () =>
      server.calls.filter((call) => call.path === "/api/v1/contract/detail").length;
    const readsBefore = detailReads();
    fireEvent.click(within(sheet).getByRole("button", { name: "상환 등록" }));
    await screen.findByText("상환이 등록되었습니다");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      id: overdue.id,
      instalmentIndex: 1,
      repaymentAmount: 200_000,
    });
    expect(sent[1]?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    // Both attempts of one action carry one key: a retried action is recorded once.
    expect(sent[0]?.idempotencyKey).toBe(sent[1]?.idempotencyKey);
    // The page reads the contract again (status, totals).
    await waitFor(() => expect(detailReads()).toBeGreaterThan(readsBefore));
  });

  it("keeps a waiver typed when the sheet is closed and opened again, and sends it as typed", async () => {
    const sent: Record<string, unknown>[] = [];
    renderSigned((payload) => {
      sent.push(payload as Record<string, unknown>);
      return {};
    });
    await screen.findByRole("heading", { name: "회차별 잔액" });
    fireEvent.click(await screen.findByRole("button", { name: "감면" }));
    let sheet = await screen.findByRole("dialog", { name: "감면" });
    fireEvent.change(within(sheet).getByLabelText(/감면 금액/), { target: { value: "10000" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "닫기" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "감면" }));
    sheet = await screen.findByRole("dialog", { name: "감면" });
    expect((within(sheet).getByLabelText(/감면 금액/) as HTMLInputElement).value).toBe("10,000");
    fireEvent.change(within(sheet).getByLabelText(/메모/), { target: { value: "  명절 " } });
    fireEvent.click(within(sheet).getByRole("button", { name: "감면" }));
    await screen.findByText("감면이 등록되었습니다");
    // The contract update request, as the domain's request entries make it of the sheet.
    expect(sent).toEqual([
      {
        id: overdue.id,
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
        instalmentIndex: 1,
        waiverAmount: 10_000,
        reason: "명절",
      },
    ]);
  });

  it("renews to a correct date only, and sends the renewal request", async () => {
    const renewals: unknown[] = [];
    renderSigned(() => ({}), {
      "/api/v1/contract/renew": (payload) => {
        renewals.push(payload);
        return { body: overdue };
      },
    });
    await screen.findByRole("heading", { name: "회차별 잔액" });
    fireEvent.click(await screen.findByRole("button", { name: "기한 연장" }));
    const sheet = await screen.findByRole("dialog", { name: "기한 연장" });
    const date = within(sheet).getByLabelText(/연장 후 상환일/);
    // Before the server's today (2026-11-23): refused, on the date, before anything is sent.
    // Each wrong date names the date it is measured against.
    fireEvent.change(date, { target: { value: "2026-03-15" } });
    fireEvent.blur(date);
    expect(
      await within(sheet).findByText("연장 후 상환일은 현재 상환일(2026-04-01) 이후여야 합니다"),
    ).toBeTruthy();
    fireEvent.change(date, { target: { value: "2026-05-01" } });
    fireEvent.blur(date);
    expect(
      await within(sheet).findByText("연장 후 상환일은 오늘(2026-11-23) 이전일 수 없습니다"),
    ).toBeTruthy();
    fireEvent.click(within(sheet).getByRole("button", { name: "기한 연장" }));
    await waitFor(() => expect(document.activeElement).toBe(date));
    expect(renewals).toEqual([]);

    fireEvent.change(date, { target: { value: "2026-12-31" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "기한 연장" }));
    await screen.findByText("기한이 연장되었습니다");
    expect(renewals).toEqual([
      {
        id: overdue.id,
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
        instalmentIndex: 1,
        newDueDate: "2026-12-31",
      },
    ]);
  });

  it("reverses an entry only with a reason, and sends the reversal request", async () => {
    const reversals: unknown[] = [];
    renderSigned(() => ({}), {
      "/api/v1/contract/reverse": (payload) => {
        reversals.push(payload);
        return { body: overdue };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "이 기록 취소" }));
    const sheet = await screen.findByRole("dialog", { name: "이 기록 취소" });
    fireEvent.click(within(sheet).getByRole("button", { name: "이 기록 취소" }));
    expect(await within(sheet).findByText("입력해 주세요")).toBeTruthy();
    const reason = within(sheet).getByLabelText(/취소 사유/);
    expect(document.activeElement).toBe(reason);
    expect(reversals).toEqual([]);

    fireEvent.change(reason, { target: { value: "금액을 잘못 입력함" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "이 기록 취소" }));
    await screen.findByText("기록이 취소되었습니다");
    expect(reversals).toEqual([
      {
        id: overdue.id,
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
        entryId: "entry-1",
        reason: "금액을 잘못 입력함",
      },
    ]);
  });
});
