import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorState } from "./error-state";

describe("ErrorState", () => {
  it("announces what failed and offers to retry", () => {
    const onRetry = vi.fn();
    render(<ErrorState title="시간 초과" retryLabel="다시 시도" onRetry={onRetry} />);
    expect(screen.getByRole("alert").textContent).toContain("시간 초과");
    fireEvent.click(screen.getByRole("button", { name: "다시 시도" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("has no button without a retry", () => {
    render(<ErrorState title="시간 초과" />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
