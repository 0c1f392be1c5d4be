import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ContractCard } from "./contract-card";

const contract = {
  name: "김민수 대출",
  number: "C-2026-000123",
  borrowerPhone: "010-****-5678",
  loanAmount: 3000000,
  currency: "KRW" as const,
  loanDate: "2025-03-01",
  repaymentDate: "2025-04-01",
  status: "type6" as const,
  instalmentCount: 3,
  outstandingAmount: 2000000,
};

describe("ContractCard", () => {
  it("shows the contract's facts and opens it from its title", () => {
    const onOpen = vi.fn();
    render(<ContractCard contract={contract} onOpen={onOpen} />);
    expect(screen.getByRole("heading", { name: "김민수 대출" })).toBeTruthy();
    expect(screen.getByText("₩3,000,000")).toBeTruthy();
    expect(screen.getByText("₩2,000,000")).toBeTruthy();
    expect(screen.getByText("상환 대기")).toBeTruthy();
    expect(screen.getByText("분할 상환 · 3")).toBeTruthy();
    expect(screen.getByText("C-2026-000123 · 010-****-5678")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "김민수 대출" }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it("writes the dates as the reader's language does, never as ISO text", () => {
    const { unmount } = render(<ContractCard contract={contract} />);
    expect(screen.getByText("2025. 03. 01.")).toBeTruthy();
    expect(screen.getByText("2025. 04. 01.")).toBeTruthy();
    expect(screen.queryByText("2025-03-01")).toBeNull();
    unmount();
    // In the app's language when it has one (here Traditional Chinese).
    const i18n = setupI18n({ locale: "zh-TW", messages: { "zh-TW": {} } });
    render(
      <I18nProvider i18n={i18n}>
        <ContractCard contract={contract} />
      </I18nProvider>,
    );
    expect(screen.getByText("2025/03/01")).toBeTruthy();
    expect(screen.getByText("2025/04/01")).toBeTruthy();
  });
});
