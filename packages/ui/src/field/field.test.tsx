import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DateField } from "../date-field/date-field";
import { Select } from "../select/select";
import { TextField } from "../text-field/text-field";

describe("form fields", () => {
  it("TextField ties its label, hint and error to the input", () => {
    render(<TextField label="계약 이름" hint="최대 20자" error="입력해 주세요" />);
    const input = screen.getByLabelText("계약 이름");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby")?.split(" ") ?? [];
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(["최대 20자", "입력해 주세요"]);
    expect(screen.getByRole("alert").textContent).toBe("입력해 주세요");
  });

  it("DateField is a native date input reporting YYYY-MM-DD", () => {
    const onValueChange = vi.fn();
    render(<DateField label="대출일" value="" onValueChange={onValueChange} min="2025-01-01" />);
    const input = screen.getByLabelText("대출일") as HTMLInputElement;
    expect(input.type).toBe("date");
    expect(input.min).toBe("2025-01-01");
    fireEvent.change(input, { target: { value: "2025-03-31" } });
    expect(onValueChange).toHaveBeenCalledWith("2025-03-31");
  });

  it("Select shows a placeholder until chosen and reports the value", () => {
    const onValueChange = vi.fn();
    render(
      <Select
        label="관계"
        placeholder="선택해 주세요"
        value=""
        onValueChange={onValueChange}
        options={[
          { value: "parents", label: "부모" },
          { value: "spouse", label: "배우자" },
        ]}
      />,
    );
    const select = screen.getByLabelText("관계") as HTMLSelectElement;
    expect(select.value).toBe("");
    expect(select.options[0]?.textContent).toBe("선택해 주세요");
    fireEvent.change(select, { target: { value: "spouse" } });
    expect(onValueChange).toHaveBeenCalledWith("spouse");
  });
});
