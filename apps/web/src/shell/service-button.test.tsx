import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
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

describe("the service button's remembered place", () => {
  it("stores pixels an older version kept as the side edge and a fraction of the height", async () => {
    window.innerWidth = 390;
    window.innerHeight = 844;
    localStorage.setItem("serviceX", "8");
    localStorage.setItem("serviceY", "422");
    renderApp("/pages/order/index", { routes: noContracts });
    const button = await screen.findByRole("button", { name: "고객센터 및 언어 설정" });
    expect(button.dataset.side).toBe("left");
    expect(button.dataset.y).toBe("422");
    await waitFor(() => expect(localStorage.getItem("serviceX")).toBe('"left"'));
    expect(localStorage.getItem("serviceY")).toBe("0.5");
  });

  it("puts a stored anchor on its edge at its share of this screen's height", async () => {
    window.innerWidth = 360;
    window.innerHeight = 640;
    localStorage.setItem("serviceX", JSON.stringify("left"));
    localStorage.setItem("serviceY", "0.5");
    renderApp("/pages/order/index", { routes: noContracts });
    const button = await screen.findByRole("button", { name: "고객센터 및 언어 설정" });
    expect(button.dataset.x).toBe("8");
    expect(button.dataset.y).toBe("320");
  });
});
