import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeUserDetail } from "../../test/fake-identity";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderMe(user: Record<string, unknown>) {
  return renderApp("/pages/me/index", {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: user }),
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail({ faceVerified: false }) }),
    },
  });
}

/** The 'me' page (src/routes/pages/me/[index].tsx). */
describe("'me'", () => {
  it("takes a borrower who has not verified into verification", async () => {
    const { router } = renderMe({ ...fakeBorrower, identityVerified: false });
    fireEvent.click(await screen.findByRole("button", { name: "본인 인증 시작" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
  });

  it("offers no verification to a verified borrower, nor to a lender", async () => {
    renderMe({ ...fakeBorrower, identityVerified: true, name: "정하늘" });
    await screen.findByRole("heading", { name: "정하늘" });
    expect(screen.queryByRole("button", { name: "본인 인증 시작" })).toBeNull();
    cleanup();
    renderMe(fakeLender);
    await screen.findByRole("button", { name: "다중 채무 조회" });
    expect(screen.queryByRole("button", { name: "본인 인증 시작" })).toBeNull();
  });
});
