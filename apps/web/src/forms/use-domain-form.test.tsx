import { templateDraftSchema } from "@chayong/domain";
import { createI18n } from "@chayong/i18n";
import { TransportError } from "@chayong/transport";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type * as v from "valibot";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type DomainFormOptions, useDomainForm } from "./use-domain-form";

afterEach(cleanup);

type TemplateValues = v.InferInput<typeof templateDraftSchema>;
type TemplateRequest = v.InferOutput<typeof templateDraftSchema>;

const empty: TemplateValues = { name: "", lender: "", merchantName: "" };

/** The template form's three fields, each bound to the kit's text field, and a save button. */
function TemplateForm(
  props: Partial<DomainFormOptions<TemplateValues, TemplateRequest>> & {
    onSend: (request: TemplateRequest) => Promise<void> | void;
  },
) {
  const { onSend, ...options } = props;
  const { form, submit, message } = useDomainForm({
    defaultValues: empty,
    request: templateDraftSchema,
    onSubmit: (request) => onSend(request),
    ...options,
  });
  return (
    <form onSubmit={submit} noValidate>
      <form.AppField name="name">
        {(field) => <field.TextField label="템플릿 이름" maxLength={100} required />}
      </form.AppField>
      <form.AppField name="lender">
        {(field) => <field.TextField label="대여인" required />}
      </form.AppField>
      <form.AppField name="merchantName">
        {(field) => <field.TextField label="상호명" required />}
      </form.AppField>
      {message ? <p role="alert">{message}</p> : null}
      <button type="submit">저장</button>
    </form>
  );
}

function renderForm(props: Parameters<typeof TemplateForm>[0]) {
  render(
    <I18nProvider i18n={createI18n("ko-KR")}>
      <TemplateForm {...props} />
    </I18nProvider>,
  );
  return {
    input: (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement,
    save: () => fireEvent.click(screen.getByRole("button", { name: "저장" })),
  };
}

const refusal = (errors: { field: string | null; key: string; message: string }[]) =>
  new TransportError("envelope-status", "transport.rejected", "refused", {
    status: 400,
    serverMessage: "입력 내용을 확인해 주세요",
    body: { errors },
  });

describe("a field bound to the domain's rules", () => {
  it("says its problem in the person's language once it is left, with aria-invalid", async () => {
    const { input } = renderForm({ onSend: vi.fn() });
    const name = input("템플릿 이름");
    fireEvent.change(name, { target: { value: "가" } });
    fireEvent.change(name, { target: { value: "" } });
    // Typed, not yet left: nothing said.
    expect(screen.queryByText("템플릿 이름을 입력해 주세요")).toBeNull();
    expect(name.getAttribute("aria-invalid")).toBeNull();

    fireEvent.blur(name);
    expect(await screen.findByText("템플릿 이름을 입력해 주세요")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    // The other fields, never left, say nothing yet.
    expect(screen.queryByText("대여인을 입력해 주세요")).toBeNull();

    // Parameters of the message are filled in ('at most {max} characters').
    fireEvent.change(name, { target: { value: "가".repeat(101) } });
    expect(await screen.findByText("100자 이내로 입력해 주세요")).toBeTruthy();
    fireEvent.change(name, { target: { value: "계약 A" } });
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBeNull());
  });

  it("says a required field is empty once it is left, even if nothing was typed", async () => {
    const { input } = renderForm({ onSend: vi.fn() });
    fireEvent.blur(input("대여인"));
    expect(await screen.findByText("대여인을 입력해 주세요")).toBeTruthy();
    expect(screen.queryByText("템플릿 이름을 입력해 주세요")).toBeNull();
  });

  it("says every problem on a submit, and sends nothing", async () => {
    const onSend = vi.fn();
    const { save } = renderForm({ onSend });
    save();
    expect(await screen.findByText("템플릿 이름을 입력해 주세요")).toBeTruthy();
    expect(screen.getByText("대여인을 입력해 주세요")).toBeTruthy();
    expect(screen.getByText("상호명을 입력해 주세요")).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });

  it("sends the request the endpoint's schema makes of the values, typed as its output", async () => {
    const onSend = vi.fn();
    const { input, save } = renderForm({ onSend });
    // Invisible characters at the ends are trimmed by the request's text rule.
    fireEvent.change(input("템플릿 이름"), { target: { value: "  기본 계약\u200b " } });
    fireEvent.change(input("대여인"), { target: { value: "김대여" } });
    fireEvent.change(input("상호명"), { target: { value: "차용상사" } });
    save();
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend).toHaveBeenCalledWith({
      name: "기본 계약",
      lender: "김대여",
      merchantName: "차용상사",
    });
  });
});

describe("the server's word on a form", () => {
  async function refusedOnce(errors: Parameters<typeof refusal>[0]) {
    const onSend = vi.fn().mockRejectedValueOnce(refusal(errors));
    const form = renderForm({ onSend });
    fireEvent.change(form.input("템플릿 이름"), { target: { value: "기본 계약" } });
    fireEvent.change(form.input("대여인"), { target: { value: "김대여" } });
    fireEvent.change(form.input("상호명"), { target: { value: "차용상사" } });
    form.save();
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    return { ...form, onSend };
  }

  it("lands on its field, focused, and stays there until that field changes", async () => {
    const { input, save, onSend } = await refusedOnce([
      { field: "lender", key: "template.lender.required", message: "대여인 (server)" },
      { field: "merchantName", key: "template.merchantName.required", message: "상호명 (server)" },
    ]);
    expect(await screen.findByText("대여인 (server)")).toBeTruthy();
    expect(screen.getByText("상호명 (server)")).toBeTruthy();
    const lender = input("대여인");
    expect(lender.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(lender);

    // Leaving the field, or changing another, does not take the server's word away.
    fireEvent.blur(lender);
    fireEvent.change(input("템플릿 이름"), { target: { value: "기본 계약 2" } });
    expect(screen.getByText("대여인 (server)")).toBeTruthy();

    fireEvent.change(lender, { target: { value: "박대여" } });
    await waitFor(() => expect(screen.queryByText("대여인 (server)")).toBeNull());
    expect(screen.getByText("상호명 (server)")).toBeTruthy();

    // Sent again as it is: the server decides again.
    save();
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByText("상호명 (server)")).toBeNull());
  });

  it("says a problem on no field under the button", async () => {
    await refusedOnce([{ field: null, key: "template.notFound", message: "없는 템플릿 (server)" }]);
    expect((await screen.findByRole("alert")).textContent).toBe("없는 템플릿 (server)");
  });

  it("says a save that could not reach the server failed, and keeps what was typed", async () => {
    const onSend = vi
      .fn()
      .mockRejectedValueOnce(
        new TransportError("unreachable", "transport.unreachable", "check the API address"),
      );
    const { input, save } = renderForm({ onSend });
    fireEvent.change(input("템플릿 이름"), { target: { value: "기본 계약" } });
    fireEvent.change(input("대여인"), { target: { value: "김대여" } });
    fireEvent.change(input("상호명"), { target: { value: "차용상사" } });
    save();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "서버에 연결할 수 없어 처리하지 못했습니다. 입력한 내용은 그대로 있습니다.",
    );
    expect((input("상호명") as HTMLInputElement).value).toBe("차용상사");
  });

  it("says any other refusal in the server's words under the button", async () => {
    const onSend = vi.fn().mockRejectedValueOnce(
      new TransportError("envelope-status", "transport.rejected", "refused", {
        status: 429,
        serverMessage: "너무 자주 시도했습니다",
      }),
    );
    const { input, save } = renderForm({ onSend });
    fireEvent.change(input("템플릿 이름"), { target: { value: "기본 계약" } });
    fireEvent.change(input("대여인"), { target: { value: "김대여" } });
    fireEvent.change(input("상호명"), { target: { value: "차용상사" } });
    save();
    expect((await screen.findByRole("alert")).textContent).toBe("너무 자주 시도했습니다");
    // Gone once the person changes something.
    fireEvent.change(input("상호명"), { target: { value: "차용상사 2" } });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });
});
