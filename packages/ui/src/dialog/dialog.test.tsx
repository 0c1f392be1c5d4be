import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ConfirmDialog } from "../confirm-dialog/confirm-dialog";

afterEach(cleanup);

function DeleteButton({ focusOnCancel }: { focusOnCancel?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <input aria-label="field" />
      <button type="button" onClick={() => setOpen(true)}>
        delete
      </button>
      <ConfirmDialog
        open={open}
        title="delete?"
        onConfirm={() => setOpen(false)}
        onCancel={() => {
          setOpen(false);
          if (focusOnCancel) screen.getByLabelText("field").focus();
        }}
      />
    </>
  );
}

describe("Dialog", () => {
  it("gives focus back to what opened it once it closes", () => {
    render(<DeleteButton />);
    const opener = screen.getByRole("button", { name: "delete" });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole("alertdialog")).toBeTruthy();
    expect(document.activeElement).not.toBe(opener);
    fireEvent.click(screen.getByRole("button", { name: "취소" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("leaves focus where the answer put it", () => {
    render(<DeleteButton focusOnCancel />);
    const opener = screen.getByRole("button", { name: "delete" });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole("button", { name: "취소" }));
    expect(document.activeElement).toBe(screen.getByLabelText("field"));
  });
});
