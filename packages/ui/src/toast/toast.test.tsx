import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, useToast } from "./toast";

function CopyButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show("已復製")}>
      copy
    </button>
  );
}

describe("ToastProvider", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("announces the message in a live region and hides it after 1500 ms", () => {
    render(
      <ToastProvider>
        <CopyButton />
      </ToastProvider>,
    );
    const region = screen.getByRole("status");
    expect(region.textContent).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "copy" }));
    expect(region.textContent).toBe("已復製");
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(region.textContent).toBe("已復製");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(region.textContent).toBe("");
  });

  it("useToast without a provider says what is missing", () => {
    // React logs the thrown render error; keep the test output readable.
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<CopyButton />)).toThrow(/ToastProvider/);
  });
});
