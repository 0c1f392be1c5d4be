import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("adding a template", () => {
  it("requires each field, then sends the template request the server receives", async () => {
    const { server, router } = renderApp("/pages/template/add", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
        // Saved, the page opened on its own goes to the template list, where the template is.
        "/api/v1/template/query": () => ({ body: [] }),
        "/api/v1/template/add": (payload) => ({
          body: { ...(payload as object), id: "t-1", createdAt: "2026-03-01T00:00:00.000Z" },
        }),
      },
    });
    const save = await screen.findByRole("button", { name: "저장" });
    fireEvent.click(save);
    expect(await screen.findByText("템플릿 이름을 입력해 주세요")).toBeTruthy();
    expect(screen.getByText("대여인을 입력해 주세요")).toBeTruthy();
    expect(screen.getByText("상호명을 입력해 주세요")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("템플릿 이름", { exact: false }));

    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
    fill("템플릿 이름", " 기본 계약 ");
    fill("대여인", "김대여");
    fill("상호명", "차용상사");
    fireEvent.click(save);
    await screen.findByText("템플릿이 저장되었습니다");
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === "/api/v1/template/add")?.payload).toEqual({
        name: "기본 계약",
        lender: "김대여",
        merchantName: "차용상사",
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/template/list"));
  });

  it("says a name has reached its 100 characters instead of cutting it in silence", async () => {
    renderApp("/pages/template/add", {
      routes: { "/api/v3/user/queryCashUser": () => ({ body: fakeLender }) },
    });
    await screen.findByRole("button", { name: "저장" });
    const name = screen.getByLabelText("템플릿 이름", { exact: false });
    fireEvent.change(name, { target: { value: "가".repeat(99) } });
    expect(screen.queryByText("최대 100자까지 입력할 수 있습니다")).toBeNull();
    fireEvent.change(name, { target: { value: "가".repeat(100) } });
    expect(await screen.findByText("최대 100자까지 입력할 수 있습니다")).toBeTruthy();
  });
});
