import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "../confirm-dialog/confirm-dialog";
import { TimeoutModal } from "../timeout-modal/timeout-modal";
import { Modal } from "./modal";

function ClosingModal() {
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} onConfirm={() => setOpen(false)}>
      메시지
    </Modal>
  );
}

describe("Modal", () => {
  it("titles itself 'friendly tip', shows one confirm button and no cancel", () => {
    const onConfirm = vi.fn();
    render(
      <Modal open onConfirm={onConfirm}>
        데이터 오류입니다. 다시 로그인해 주세요.
      </Modal>,
    );
    const dialog = screen.getByRole("alertdialog", { name: "알림" });
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(
      document.getElementById(dialog.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toBe("데이터 오류입니다. 다시 로그인해 주세요.");
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual(["확인"]);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("treats Escape as the acknowledgement", () => {
    const onConfirm = vi.fn();
    render(
      <Modal open onConfirm={onConfirm}>
        메시지
      </Modal>,
    );
    fireEvent(screen.getByRole("alertdialog"), new Event("cancel", { cancelable: true }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("renders nothing while closed and closes when the parent says so", () => {
    render(<ClosingModal />);
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.body.style.overflow).toBe("");
  });
});

describe("TimeoutModal", () => {
  it("shows the spec's Korean texts and a single OK", () => {
    render(<TimeoutModal open onConfirm={() => {}} />);
    expect(screen.getByRole("alertdialog", { name: "네트워크 요청 시간 초과" })).toBeTruthy();
    expect(screen.getByText("네트워크 환경을 확인한 후 다시 시도하세요.")).toBeTruthy();
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual(["확인"]);
  });
});

describe("ConfirmDialog", () => {
  it("asks before deleting: cancel and confirm call their own callbacks", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="계약을 삭제하시겠습니까?"
        onConfirm={onConfirm}
        onCancel={onCancel}
        destructive
      />,
    );
    screen.getByRole("alertdialog", { name: "계약을 삭제하시겠습니까?" });
    fireEvent.click(screen.getByRole("button", { name: "취소" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("Escape cancels, and a running confirmation cannot be sent twice", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="로그아웃하시겠습니까?"
        onConfirm={onConfirm}
        onCancel={onCancel}
        confirming
      />,
    );
    fireEvent(screen.getByRole("alertdialog"), new Event("cancel", { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
