import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Checkbox } from "./checkbox";

describe("Checkbox", () => {
  it("toggles through its label and reports the new state", () => {
    const onCheckedChange = vi.fn();
    render(
      <Checkbox
        label="공동 채무 조회에 동의합니다"
        checked={false}
        onCheckedChange={onCheckedChange}
      />,
    );
    fireEvent.click(screen.getByText("공동 채무 조회에 동의합니다"));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });
});
