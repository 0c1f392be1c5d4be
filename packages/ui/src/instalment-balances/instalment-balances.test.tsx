import { createI18n } from "@chayong/i18n";
import { I18nProvider } from "@lingui/react";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { instalmentsFixture } from "../story-fixtures/money";
import { type InstalmentBalanceData, InstalmentBalances } from "./instalment-balances";

describe("InstalmentBalances", () => {
  it("shows each instalment's state, interest apart from principal, and renewals", () => {
    render(<InstalmentBalances instalments={instalmentsFixture} currency="KRW" />);
    const [paid, overdue, renewed] = screen.getAllByRole("listitem") as HTMLElement[];
    expect(within(paid as HTMLElement).getByRole("heading").textContent).toBe("1회차2026. 04. 02.");
    // Its last 10,000 was waived: closed with a waiver, not "paid in full".
    expect(within(paid as HTMLElement).getByText("감면 후 종결")).toBeTruthy();
    expect(within(paid as HTMLElement).queryByText("완납")).toBeNull();
    expect(within(paid as HTMLElement).getByText("감면 금액")).toBeTruthy();
    expect(within(overdue as HTMLElement).getByText("9일 연체")).toBeTruthy();
    expect(within(overdue as HTMLElement).getByText("연체 이자")).toBeTruthy();
    expect(
      within(overdue as HTMLElement).getByText("상환액 ₩240,000 + 연체 이자 ₩1,183"),
    ).toBeTruthy();
    // Nothing waived: no waiver row.
    expect(within(overdue as HTMLElement).queryByText("감면 금액")).toBeNull();
    expect(
      within(renewed as HTMLElement).getByText("기한 연장됨 · 원래 상환일 2026. 06. 02."),
    ).toBeTruthy();
    expect(within(renewed as HTMLElement).queryByText("연체 이자")).toBeNull();
  });

  it("calls an instalment repaid with nothing waived paid in full", () => {
    const [first] = instalmentsFixture;
    render(
      <InstalmentBalances
        instalments={[{ ...first, repaid: 340_000, waived: 0 } as InstalmentBalanceData]}
        currency="KRW"
      />,
    );
    const item = screen.getByRole("listitem");
    expect(within(item).getByText("완납")).toBeTruthy();
    expect(within(item).queryByText("감면 후 종결")).toBeNull();
    expect(item.className).toContain("cy-instalments__item--paid");
  });

  it("says 減免結案 in Traditional Chinese", () => {
    render(
      <I18nProvider i18n={createI18n("zh-TW")}>
        <InstalmentBalances instalments={instalmentsFixture.slice(0, 1)} currency="TWD" />
      </I18nProvider>,
    );
    expect(screen.getByText("減免結案")).toBeTruthy();
  });
});
