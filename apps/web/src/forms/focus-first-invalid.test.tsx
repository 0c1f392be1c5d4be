import { createI18n } from "@chayong/i18n";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { focusFirstInvalid } from "./focus-first-invalid";
import { useDomainForm } from "./use-domain-form";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// happy-dom lays nothing out: record which element was asked to come into view.
const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  HTMLElement.prototype.scrollIntoView ??= () => {};
  vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
    scrolled.push(this);
  });
});

const fieldNames = Array.from({ length: 20 }, (_unused, index) => `field${index + 1}`);
/** Twenty text fields, each required: a form taller than any phone's screen. */
const longSchema = v.object(
  Object.fromEntries(
    fieldNames.map((name) => [name, v.pipe(v.string(), v.minLength(1, "common.pleaseFillIn"))]),
  ),
);

function LongForm() {
  const { form, submit } = useDomainForm({
    defaultValues: Object.fromEntries(
      fieldNames.map((name, index) => [name, index < 12 ? "filled" : ""]),
    ),
    request: longSchema,
    onSubmit: vi.fn(),
  });
  return (
    <form onSubmit={submit} noValidate>
      {fieldNames.map((name) => (
        <form.AppField key={name} name={name}>
          {(field) => <field.TextField label={name} />}
        </form.AppField>
      ))}
      <button type="submit">submit</button>
    </form>
  );
}

describe("a submit with fields to fix", () => {
  it("brings the first of them into view and focuses it, not the button", async () => {
    render(
      <I18nProvider i18n={createI18n("ko-KR")}>
        <LongForm />
      </I18nProvider>,
    );
    const button = screen.getByRole("button", { name: "submit" });
    button.focus();
    fireEvent.click(button);

    // Fields 1-12 are filled: the 13th is the first to fix.
    const first = screen.getByLabelText("field13") as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(scrolled).toEqual([first]);
    expect(first.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("입력해 주세요")).toHaveLength(8);

    // Fixed, the next one is the first on the next submit.
    fireEvent.change(first, { target: { value: "filled" } });
    button.focus();
    fireEvent.click(button);
    const next = screen.getByLabelText("field14");
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(scrolled.at(-1)).toBe(next);
  });
});

describe("focusFirstInvalid", () => {
  it("goes by the page's order, and into a wrapper named by data-field (a photo tile)", () => {
    render(
      <div>
        <div data-field="photo">
          <span>photo</span>
          <input type="file" aria-label="pick" />
        </div>
        <input name="name" aria-label="name" />
      </div>,
    );
    const focused = focusFirstInvalid(document, (field) => field === "name" || field === "photo");
    expect(focused).toBe(screen.getByLabelText("pick"));
    expect(document.activeElement).toBe(screen.getByLabelText("pick"));
    expect(scrolled).toEqual([screen.getByText("photo").parentElement]);
    expect(focusFirstInvalid(document, () => false)).toBeNull();
  });
});
