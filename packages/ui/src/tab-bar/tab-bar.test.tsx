import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PageHeader } from "../page-header/page-header";
import { StepIndicator } from "../step-indicator/step-indicator";
import { TabBar } from "./tab-bar";

describe("TabBar", () => {
  it("marks the selected tab as the current page and reports presses", () => {
    const onSelect = vi.fn();
    render(
      <TabBar
        label="메인 메뉴"
        items={[
          { key: "order", label: "주문 내역" },
          { key: "me", label: "내 정보" },
        ]}
        selectedKey="order"
        onSelect={onSelect}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "메인 메뉴" });
    expect(nav).toBeTruthy();
    expect(screen.getByRole("button", { name: "주문 내역" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(screen.getByRole("button", { name: "내 정보" }).getAttribute("aria-current")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "내 정보" }));
    expect(onSelect).toHaveBeenCalledWith("me");
  });
});

describe("StepIndicator", () => {
  it("defaults to face check then ID card and marks the current step", () => {
    render(<StepIndicator current={1} />);
    const steps = screen.getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual(["✓얼굴 인증", "2신분증 인증"]);
    expect(steps[1]?.getAttribute("aria-current")).toBe("step");
  });
});

describe("PageHeader", () => {
  it("has a named back button only when onBack is given", () => {
    const onBack = vi.fn();
    const { rerender } = render(<PageHeader title="계약 생성" onBack={onBack} />);
    fireEvent.click(screen.getByRole("button", { name: "뒤로" }));
    expect(onBack).toHaveBeenCalledTimes(1);
    rerender(<PageHeader title="계약 생성" />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: "계약 생성" })).toBeTruthy();
  });
});
