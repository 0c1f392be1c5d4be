import { createI18n } from "@chayong/i18n";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeStatisticsWindows } from "../../test/fake-statistics";
import WindowsChart from "./windows-chart";

afterEach(cleanup);

function renderChart(locale: "ko-KR" | "zh-TW", windows = fakeStatisticsWindows().windows) {
  return render(
    <I18nProvider i18n={createI18n(locale)}>
      <WindowsChart windows={windows} currency={locale === "zh-TW" ? "TWD" : "KRW"} />
    </I18nProvider>,
  );
}

const barWidths = (chart: HTMLElement) =>
  [...chart.querySelectorAll(".window-chart__bar")].map((bar) => Number(bar.getAttribute("width")));

describe("the windows chart", () => {
  it("draws every measure on one scale, the largest amount filling the bar", () => {
    renderChart("ko-KR");
    const disbursed = screen.getByRole("img", { name: /^실지급 금액/ });
    const due = screen.getByRole("img", { name: /^상환 예정액/ });
    // Today's disbursed is 0: no bar, just its track and '₩0'.
    expect(barWidths(disbursed)).toEqual([(1_000_000 / 3_000_000) * 136, 136]);
    expect(disbursed.querySelectorAll(".window-chart__track")).toHaveLength(3);
    expect(barWidths(due)[2]).toBeCloseTo((860_000 / 3_000_000) * 136);
    expect(
      [...disbursed.querySelectorAll(".window-chart__value")].map((v) => v.textContent),
    ).toEqual(["₩0", "₩1,000,000", "₩3,000,000"]);
  });

  it("draws nothing but tracks when the book is empty", () => {
    const windows = fakeStatisticsWindows().windows.map((window) => ({
      ...window,
      disbursedAmount: 0,
      repaidAmount: 0,
      dueAmount: 0,
    }));
    const { container } = renderChart("ko-KR", windows);
    expect(container.querySelectorAll(".window-chart__bar")).toHaveLength(0);
    expect(container.querySelectorAll(".window-chart__track")).toHaveLength(9);
  });

  it("speaks Traditional Chinese and shortens long amounts in the picture only", () => {
    const windows = fakeStatisticsWindows().windows.map((window) => ({
      ...window,
      dueAmount: window.dueAmount * 100_000,
    }));
    renderChart("zh-TW", windows);
    const due = screen.getByRole("img", { name: /^應還金額/ });
    expect(due.getAttribute("aria-label")).toBe(
      "應還金額（自今日起）圖表：今天 NT$34,000,000,000、未來 3 天 NT$34,000,000,000和未來 7 天 NT$86,000,000,000",
    );
    expect(due.querySelector(".window-chart__value")?.textContent).toBe("NT$340億");
    expect(screen.getAllByText("截至今日", { selector: ".window-chart__period" })).toHaveLength(2);
  });
});
