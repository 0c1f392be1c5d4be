import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Sheet } from "./sheet";

describe("Sheet", () => {
  it("is a dialog named by its title and described by its line, closed by its button and Escape", () => {
    const onClose = vi.fn();
    render(
      <Sheet open onClose={onClose} title="기한 연장" description="2회차 · 상환일 2026-05-02">
        <p>fields</p>
      </Sheet>,
    );
    const sheet = screen.getByRole("dialog", { name: "기한 연장" });
    expect(document.getElementById(sheet.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "2회차 · 상환일 2026-05-02",
    );
    fireEvent.click(screen.getByRole("button", { name: "닫기" }));
    fireEvent(sheet, new Event("cancel", { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("submits as a form without reloading the page, and renders nothing while closed", () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <Sheet
        open
        onClose={() => {}}
        title="감면"
        onSubmit={onSubmit}
        actions={<button type="submit">등록</button>}
      >
        <input aria-label="금액" />
      </Sheet>,
    );
    fireEvent.click(screen.getByRole("button", { name: "등록" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0].defaultPrevented).toBe(true);
    rerender(
      <Sheet open={false} onClose={() => {}} title="감면">
        <p>x</p>
      </Sheet>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
