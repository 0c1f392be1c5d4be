import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { SegmentedControl } from "./segmented-control";

type Kind = "all" | "single" | "instalment";

function Harness() {
  const [value, setValue] = useState<Kind>("all");
  return (
    <SegmentedControl<Kind>
      label="계약 유형"
      value={value}
      onValueChange={setValue}
      options={[
        { value: "all", label: "전체" },
        { value: "single", label: "일시" },
        { value: "instalment", label: "분할" },
      ]}
    />
  );
}

describe("SegmentedControl", () => {
  it("is a named radio group whose selection follows presses", () => {
    render(<Harness />);
    expect(screen.getByRole("group", { name: "계약 유형" })).toBeTruthy();
    const all = screen.getByRole("radio", { name: "전체" }) as HTMLInputElement;
    const instalment = screen.getByRole("radio", { name: "분할" }) as HTMLInputElement;
    expect(all.checked).toBe(true);
    fireEvent.click(instalment);
    expect(instalment.checked).toBe(true);
    expect(all.checked).toBe(false);
  });
});
