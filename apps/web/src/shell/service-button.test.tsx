import { i18n } from "@chayong/i18n";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
  i18n.activate("ko-KR");
});

const noContracts = {
  "/api/v1/contract/query": () => ({ body: { items: [], page: 1, pageSize: 20, total: 0 } }),
};

describe("the service button's customer-service panel", () => {
  it("shows a neutral note, not an error, when no contact is set up", async () => {
    renderApp("/pages/order/index", {
      routes: {
        ...noContracts,
        "/api/v1/config": () => ({
          body: { extInfoJSON: JSON.stringify({ line_img: "", line: "", line_url: "" }) },
        }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "고객센터 및 언어 설정" }));
    const sheet = screen.getByRole("dialog", { name: "고객센터 및 언어 설정" });
    expect(await within(sheet).findByText("아직 등록된 고객센터 연락처가 없습니다.")).toBeTruthy();
    expect(within(sheet).queryByRole("alert")).toBeNull();
  });
});
