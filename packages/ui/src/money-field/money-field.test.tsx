import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { MoneyField } from "./money-field";

function Harness({ initial = null, max }: { initial?: number | null; max?: number }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyField label="대출 금액" value={value} onValueChange={setValue} max={max} unit="원" />
      <output data-testid="value">{value === null ? "null" : `${typeof value}:${value}`}</output>
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
});
