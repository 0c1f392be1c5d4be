import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderMe(user: typeof fakeLender | typeof fakeBorrower | Record<string, unknown>) {
  renderApp("/pages/me/index", {
    routes: { "/api/v3/user/queryCashUser": () => ({ body: user }) },
  });
}

describe("the profile on 'me'", () => {
  it("greets a verified borrower by his name, with his phone below", async () => {
    renderMe({ ...fakeBorrower, identityVerified: true, name: "정하늘" });
    expect(await screen.findByRole("heading", { name: "정하늘" })).toBeTruthy();
    expect(screen.getByText("010-1234-5678")).toBeTruthy();
    expect(screen.getByText("차용인")).toBeTruthy();
  });

  it("is headed by the phone while the borrower's name is not known", async () => {
    renderMe(fakeBorrower);
    expect(await screen.findByRole("heading", { name: "010-1234-5678" })).toBeTruthy();
  });

  it("is headed by the lender's display name, with his business", async () => {
    renderMe(fakeLender);
    expect(await screen.findByRole("heading", { name: "Demo Lender" })).toBeTruthy();
    expect(screen.getByText("Demo Merchant")).toBeTruthy();
  });

  it("reads an answer without the name (an older server) as not known", async () => {
    const { name: _name, ...olderAnswer } = fakeBorrower;
    renderMe(olderAnswer);
    expect(await screen.findByRole("heading", { name: "010-1234-5678" })).toBeTruthy();
  });
});
