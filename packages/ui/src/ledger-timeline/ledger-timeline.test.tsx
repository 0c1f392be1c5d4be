import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ledgerFixture } from "../story-fixtures/money";
import { LedgerTimeline } from "./ledger-timeline";

describe("LedgerTimeline", () => {
  it("lists the newest first, with who, when (local time) and why", () => {
    render(<LedgerTimeline entries={ledgerFixture} currency="KRW" timeZone="Asia/Seoul" />);
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.querySelector(".cy-ledger__kind")?.textContent)).toEqual([
      "기한 연장",
      "상환",
      "기록 취소",
      "상환",
      "감면",
      "상환",
    ]);
    const renewal = items[0] as HTMLElement;
    expect(within(renewal).getByText("→ 2026. 07. 15.")).toBeTruthy();
    expect(within(renewal).getByText("연장 후 상환일 2026. 07. 15.")).toBeTruthy();
    expect(within(renewal).getByText("사유: 여름 휴가 후 상환 요청")).toBeTruthy();
    // 2026-05-20T02:00Z is 11:00 in Seoul.
    expect(
      // In the contract's zone; named when this machine's clock reads it otherwise.
      within(renewal).getByText(
        /^김대여 \(차용 금융\) · 2026\. 05\. 20\. 오전 11:00( \(GMT\+9\))? 등록$/,
      ),
    ).toBeTruthy();
    const first = items[5] as HTMLElement;
    expect(within(first).getByText("실제 상환일 2026. 04. 01.")).toBeTruthy();
  });

  it("marks a reversed entry, names what a reversal undid, and offers reversal only where it applies", () => {
    const onReverse = vi.fn();
    render(<LedgerTimeline entries={ledgerFixture} currency="KRW" onReverse={onReverse} />);
    const items = screen.getAllByRole("listitem");
    const reversal = items[2] as HTMLElement;
    const reversed = items[3] as HTMLElement;
    expect(within(reversal).getByText("취소한 기록: 상환 ₩150,000")).toBeTruthy();
    expect(within(reversed).getByText("취소됨")).toBeTruthy();
    expect(within(reversal).queryByRole("button")).toBeNull();
    expect(within(reversed).queryByRole("button")).toBeNull();
    fireEvent.click(within(items[1] as HTMLElement).getByRole("button", { name: "이 기록 취소" }));
    expect(onReverse).toHaveBeenCalledWith(expect.objectContaining({ id: "e5" }));
  });

  it("is read-only without onReverse", () => {
    render(<LedgerTimeline entries={ledgerFixture} currency="KRW" />);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });
});
