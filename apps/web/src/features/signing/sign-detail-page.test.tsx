import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeContract } from "../../test/fake-contract";
import { fakeBorrower } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("the contract (signing) details", () => {
  it("names the contract and its status, and offers its borrower to sign it", async () => {
    const contract = fakeContract(3, { name: "서명 전 대출", status: "type2" });
    const { router } = renderApp(`/pages/loans/signDetail?id=${contract.id}`, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
        "/api/v1/contract/detail": () => ({ body: contract }),
        "/api/v1/contract/view": () => ({ raw: "<!doctype html><p>contract</p>" }),
      },
    });
    expect(await screen.findByRole("heading", { name: "서명 전 대출" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "계약서 서명" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/loans/sign"));
    expect(router.state.location.search).toEqual({ code: contract.code });
  });

  it("offers to try again when the contract could not be fetched", async () => {
    let failing = true;
    const contract = fakeContract(4, { name: "다시 불러온 대출", status: "type6" });
    renderApp(`/pages/loans/signDetail?id=${contract.id}`, {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
        "/api/v1/contract/detail": () => {
          if (failing) throw new TypeError("network down");
          return { body: contract };
        },
        "/api/v1/contract/view": () => ({ raw: "<!doctype html><p>contract</p>" }),
      },
    });
    const retry = await screen.findByRole("button", { name: "다시 시도" });
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole("heading", { name: "다시 불러온 대출" })).toBeTruthy();
  });
});
