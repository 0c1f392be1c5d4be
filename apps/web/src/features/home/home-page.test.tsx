import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "../../data/api-query";
import { fakeContract } from "../../test/fake-contract";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";
import type { Contract } from "../contracts/contract-labels";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderHome(user: CurrentUser, contracts: Contract[] | "fail") {
  return renderApp("/pages/index/index", {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: user }),
      "/api/v1/contract/query": () => {
        if (contracts === "fail") throw new TypeError("network down");
        return { body: { items: contracts, nextCursor: null, total: null } };
      },
    },
  });
}

describe("the home page", () => {
  it("shows a new borrower his steps, verification next, and the contracts waiting for him", async () => {
    const { router } = renderHome(fakeBorrower, [
      fakeContract(1, { name: "김씨 대출", status: "type1" }),
      fakeContract(2, { name: "이씨 대출", status: "type6" }),
      fakeContract(3, { name: "박씨 대출", status: "type5" }),
    ]);
    expect(await screen.findByText("이용 순서")).toBeTruthy();
    expect(screen.getByText("로그인")).toBeTruthy();
    expect(screen.getByText("본인 인증")).toBeTruthy();
    expect(screen.getByText("계약서 서명")).toBeTruthy();

    const toSign = await screen.findByRole("region", { name: "서명할 계약" });
    expect(within(toSign).getByText("김씨 대출")).toBeTruthy();
    const toRepay = screen.getByRole("region", { name: "상환할 계약" });
    expect(within(toRepay).getByText("이씨 대출")).toBeTruthy();
    expect(screen.queryByText("박씨 대출")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "본인 인증 시작" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
  });

  it("tells a verified borrower with nothing waiting where contracts come from", async () => {
    renderHome({ ...fakeBorrower, identityVerified: true }, []);
    expect(await screen.findByText("지금 처리할 계약이 없습니다")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "본인 인증 시작" })).toBeNull();
    expect(screen.getAllByText("완료").length).toBeGreaterThanOrEqual(2);
  });

  it("gives a lender a short start and his latest contracts", async () => {
    const { router } = renderHome(fakeLender, [
      fakeContract(9, { name: "최근 계약 A" }),
      fakeContract(8, { name: "최근 계약 B" }),
    ]);
    expect(await screen.findByText("최근 계약 A")).toBeTruthy();
    expect(screen.getByText("최근 계약 B")).toBeTruthy();
    expect(screen.queryByText("이용 순서")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "계약 만들기" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/order/addContract"));
  });

  it("says the contracts could not load, with a retry, instead of 'nothing waits'", async () => {
    renderHome(fakeBorrower, "fail");
    expect(await screen.findByText("계약 목록을 불러오지 못했습니다")).toBeTruthy();
    expect(screen.queryByText("지금 처리할 계약이 없습니다")).toBeNull();
    expect(screen.getAllByRole("button", { name: "다시 시도" }).length).toBeGreaterThan(0);
  });
});
