import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { DateField } from "../date-field/date-field";
import { MoneyField } from "../money-field/money-field";
import { Select } from "../select/select";
import { TextField } from "../text-field/text-field";
import type { FieldChromeProps } from "./field";

type Chrome = FieldChromeProps & { id?: string };
const noop = () => {};
// Each field of the kit, rendered with the same label, hint, error and required props.
const fields: Array<[string, (chrome: Chrome) => ReactElement]> = [
  ["TextField", (chrome) => <TextField {...chrome} />],
  ["MoneyField", (chrome) => <MoneyField {...chrome} value={null} onValueChange={noop} />],
  ["DateField", (chrome) => <DateField {...chrome} value="" onValueChange={noop} />],
  [
    "Select",
    (chrome) => (
      <Select {...chrome} value="" onValueChange={noop} options={[{ value: "a", label: "A" }]} />
    ),
  ],
];

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

  it.each(fields)("%s wires label, hint, error and required to its control", (_, renderField) => {
    const { container } = render(
      renderField({ label: "이름", hint: "도움말", error: "오류", required: true, className: "x" }),
    );
    // The label's text ends with the required mark (" *", hidden from screen readers).
    const control = screen.getByLabelText("이름 *");
    expect(control.id).toMatch(/^cy-field-/);
    expect(control.hasAttribute("required")).toBe(true);
    expect(control.getAttribute("aria-invalid")).toBe("true");
    expect(control.getAttribute("aria-describedby")).toBe(`${control.id}-hint ${control.id}-error`);
    expect(document.getElementById(`${control.id}-hint`)?.textContent).toBe("도움말");
    expect(screen.getByRole("alert").id).toBe(`${control.id}-error`);
    expect(container.querySelector(".cy-field__required")?.getAttribute("aria-hidden")).toBe(
      "true",
    );
    expect(container.firstElementChild?.className).toBe("cy-field cy-field--invalid x");
  });

  it.each(fields)(
    "%s uses a given id and describes nothing without hint or error",
    (_, renderField) => {
      const { container } = render(renderField({ label: "이름", id: "borrower-name" }));
      const control = screen.getByLabelText("이름");
      expect(control.id).toBe("borrower-name");
      expect(control.hasAttribute("required")).toBe(false);
      expect(control.hasAttribute("aria-invalid")).toBe(false);
      expect(control.hasAttribute("aria-describedby")).toBe(false);
      expect(
        container.querySelector(".cy-field__required, .cy-field__hint, [role=alert]"),
      ).toBeNull();
      expect(container.firstElementChild?.className).toBe("cy-field");
    },
  );

  it("gives two fields on one page different ids", () => {
    render(
      <>
        <TextField label="하나" />
        <TextField label="둘" />
      </>,
    );
    expect(screen.getByLabelText("하나").id).not.toBe(screen.getByLabelText("둘").id);
  });
});
