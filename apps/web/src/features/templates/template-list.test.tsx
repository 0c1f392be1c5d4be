import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "../../data/api-query";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderTemplates(user: CurrentUser) {
  return renderApp("/pages/template/list", {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: user }),
      "/api/v1/template/query": () => ({ body: [] }),
    },
  });
}

describe("the template list", () => {
  it("offers a lender to add a template", async () => {
    renderTemplates(fakeLender);
    expect(await screen.findByRole("button", { name: "템플릿 만들기" })).toBeTruthy();
  });

  it("does not offer a borrower to add one: templates are a lender's tool", async () => {
    const { server } = renderTemplates(fakeBorrower);
    await vi.waitFor(() =>
      expect(server.calls.some((call) => call.path === "/api/v3/user/queryCashUser")).toBe(true),
    );
    await screen.findByText("템플릿 정보가 없습니다");
    expect(screen.queryByRole("button", { name: "템플릿 만들기" })).toBeNull();
  });

  it("says a search found nothing, naming what was typed, not that there are no templates", async () => {
    const { server } = renderTemplates(fakeLender);
    await screen.findByText("템플릿 정보가 없습니다");
    fireEvent.change(screen.getByRole("searchbox", { name: "검색" }), {
      target: { value: " 월세 " },
    });
    expect(await screen.findByText("‘월세’ 검색 결과가 없습니다")).toBeTruthy();
    expect(screen.queryByText("템플릿 정보가 없습니다")).toBeNull();
    const searched = server.calls.filter((call) => call.path === "/api/v1/template/query");
    expect(searched.at(-1)?.payload).toMatchObject({ name: "월세" });
  });
});
