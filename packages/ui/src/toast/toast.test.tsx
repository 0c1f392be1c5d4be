import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dialog } from "../dialog/dialog";
import { ToastProvider, useToast } from "./toast";

function CopyButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show("已復製")}>
      copy
    </button>
  );
}

function PanelWithCopy() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onDismiss={() => setOpen(false)} labelledBy="panel-title" variant="sheet">
      <h2 id="panel-title">service</h2>
      <CopyButton />
      <button type="button" onClick={() => setOpen(false)}>
        close
      </button>
    </Dialog>
  );
}

describe("ToastProvider", () => {
  it("draws the toast inside the open dialog (the top layer), and back in the page after it closes", () => {
    render(
      <ToastProvider>
        <PanelWithCopy />
      </ToastProvider>,
    );
    const dialog = screen.getByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "copy" }));
    const region = screen.getByRole("status");
    expect(region.textContent).toBe("已復製");
    expect(dialog.contains(region)).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("status").parentElement).toBe(document.body.firstElementChild);
  });

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
