import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { MoneyField } from "./money-field";

function Harness({ initial = null, max }: { initial?: number | null; max?: number }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyField label="대출 금액" value={value} onValueChange={setValue} max={max} unit="원" />
      <span data-testid="value">{value === null ? "null" : `${typeof value}:${value}`}</span>
    </>
  );
}

describe("MoneyField", () => {
  it("shows separators and reports an integer", () => {
    render(<Harness />);
    const input = screen.getByLabelText("대출 금액") as HTMLInputElement;
    expect(input.getAttribute("inputmode")).toBe("numeric");
    fireEvent.change(input, { target: { value: "1500000" } });
    expect(input.value).toBe("1,500,000");
    expect(screen.getByTestId("value").textContent).toBe("number:1500000");
  });

  it("never produces a float from a decimal paste", () => {
    render(<Harness />);
    const input = screen.getByLabelText("대출 금액") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "12,345.67" } });
    expect(screen.getByTestId("value").textContent).toBe("number:12345");
    expect(input.value).toBe("12,345");
  });

  it("clears to null", () => {
    render(<Harness initial={5000} />);
    const input = screen.getByLabelText("대출 금액") as HTMLInputElement;
    expect(input.value).toBe("5,000");
    fireEvent.change(input, { target: { value: "" } });
    expect(screen.getByTestId("value").textContent).toBe("null");
  });

  it("keeps the previous amount when the input exceeds max", () => {
    render(<Harness initial={900} max={1000} />);
    const input = screen.getByLabelText("대출 금액") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "9000" } });
    expect(screen.getByTestId("value").textContent).toBe("number:900");
    expect(input.value).toBe("900");
  });

  it("says why a letter changed nothing, until the next keystroke it takes", () => {
    render(<Harness initial={1000} />);
    const input = screen.getByLabelText("대출 금액") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "1,000a" } });
    expect(input.value).toBe("1,000");
    expect(screen.getByTestId("value").textContent).toBe("number:1000");
    // Shown in the hint's place, which describes the field, and read out by a live region that
    // was there before the text came.
    const hintId = input.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(hintId)?.textContent).toBe("숫자만 입력할 수 있습니다");
    expect(screen.getByRole("status").textContent).toBe("숫자만 입력할 수 있습니다");
    fireEvent.change(input, { target: { value: "1,0005" } });
    expect(screen.getByTestId("value").textContent).toBe("number:10005");
    expect(screen.getByRole("status").textContent).toBe("");
    expect(input.getAttribute("aria-describedby")).toBeNull();
  });

  it("refuses a decimal point typed inside the amount instead of cutting the digits after it", () => {
    render(<Harness initial={1000} />);
    const input = screen.getByLabelText("대출 금액") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "1,0.00" } });
    expect(screen.getByTestId("value").textContent).toBe("number:1000");
    expect(input.value).toBe("1,000");
    expect(screen.getByRole("status").textContent).toBe("숫자만 입력할 수 있습니다");
  });

  it("takes a pasted amount with its unit in silence, and says so when a paste's decimals are dropped", () => {
    render(<Harness />);
    const input = screen.getByLabelText("대출 금액") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "50,000원" } });
    expect(screen.getByTestId("value").textContent).toBe("number:50000");
    expect(screen.getByRole("status").textContent).toBe("");
    fireEvent.change(input, { target: { value: "12,345.67" } });
    expect(screen.getByTestId("value").textContent).toBe("number:12345");
    expect(screen.getByRole("status").textContent).toBe("숫자만 입력할 수 있습니다");
  });

  it("names the largest amount when a keystroke would pass it, and forgets it on leaving", () => {
    render(<Harness initial={900} max={1_000_000} />);
    const input = screen.getByLabelText("대출 금액") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "90000000" } });
    expect(input.value).toBe("900");
    expect(screen.getByRole("status").textContent).toBe("최대 1,000,000까지 입력할 수 있습니다");
    fireEvent.blur(input);
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("says only that the amount is too large when the field names no largest amount", () => {
    render(<Harness initial={9_000_000_000_000_000} />);
    const input = screen.getByLabelText("대출 금액") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "90,000,000,000,000,000" } });
    expect(screen.getByTestId("value").textContent).toBe("number:9000000000000000");
    expect(screen.getByRole("status").textContent).toBe("금액이 너무 큽니다");
  });

  it("keeps the caller's hint when nothing was refused", () => {
    render(<MoneyField label="수수료" hint="없으면 0" value={0} onValueChange={() => undefined} />);
    expect(screen.getByText("없으면 0")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
