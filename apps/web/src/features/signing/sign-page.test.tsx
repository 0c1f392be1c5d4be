import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FakeRoute } from "../../test/fake-api-server";
import { fakeContract } from "../../test/fake-contract";
import { fakeUserDetail } from "../../test/fake-identity";
import { fakeBorrower } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";
import { pendingSignatureAtom } from "./pending-signature";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const contract = fakeContract(3, { name: "정씨 대출" });
const signPage = `/pages/loans/sign?code=${contract.code}`;

function renderSignPage(routes: Record<string, FakeRoute>) {
  return renderApp(signPage, {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
      "/api/v1/contract/open": () => ({ body: contract }),
      ...routes,
    },
  });
}

describe("signing needs a verified borrower", () => {
  it("takes an unverified borrower to the face check, and back here afterwards", async () => {
    const { router } = renderSignPage({
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail() }),
    });
    expect(await screen.findByText("본인 인증을 먼저 완료해 주세요")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "눌러서 서명하기" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "본인 인증 후 서명하기" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
  });

  it("starts at the ID card when the face check is done", async () => {
    const { router } = renderSignPage({
      "/api/v3/userAuth/queryUserDetail": () => ({
        body: fakeUserDetail({ faceVerified: true }),
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "본인 인증 후 서명하기" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/idCard"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
  });

  it("lets a verified borrower sign", async () => {
    renderSignPage({
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail({ verified: true }) }),
    });
    expect(await screen.findByRole("button", { name: "눌러서 서명하기" })).toBeTruthy();
    expect(screen.queryByText("본인 인증을 먼저 완료해 주세요")).toBeNull();
  });

  it("goes into the flow when the server refuses to sign for want of verification", async () => {
    let verified = true;
    const { router, store } = renderSignPage({
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail({ verified }) }),
      "/api/v1/contract/sign": () => {
        verified = false;
        return { status: 409, message: "본인 인증을 먼저 완료해 주세요" };
      },
    });
    store.set(pendingSignatureAtom, {
      code: contract.code,
      dataUrl: "data:image/png;base64,iVBORw0KGgo=",
      data: [] as never,
    });
    fireEvent.click(await screen.findByRole("button", { name: "서명 완료" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
  });
});
