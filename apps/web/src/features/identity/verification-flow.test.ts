import { createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import * as v from "valibot";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enterVerification, finishVerification, flowSearch } from "./flow-history";
import { facePath, flowSearchSchema, idCardPath } from "./verification-flow";

afterEach(() => sessionStorage.clear());

const signPage = "/pages/loans/sign?code=abc123";

/** The router itself, over a memory history (its navigate watched, not replaced). */
function routerAt(entries: string[]) {
  const history = createMemoryHistory({ initialEntries: entries });
  const router = createRouter({ routeTree: createRootRoute(), history });
  vi.spyOn(router, "navigate");
  return router;
}

describe("the flow's search params", () => {
  it("keeps a redirect inside the app; a retake flag when asked", () => {
    expect(v.parse(flowSearchSchema, { redirect: signPage })).toEqual({ redirect: signPage });
    expect(v.parse(flowSearchSchema, { redirect: "https://evil.test/" })).toEqual({
      redirect: undefined,
    });
    expect(v.parse(flowSearchSchema, { redirect: 42 })).toEqual({ redirect: undefined });
    expect(flowSearch(signPage, true)).toEqual({ redirect: signPage, retake: true });
    expect(flowSearch(undefined)).toEqual({});
  });
});

describe("the flow's history", () => {
  it("goes back to the page that entered it when that is the previous entry", async () => {
    const router = routerAt(["/pages/order/index", signPage]);
    await enterVerification(router, { faceVerified: true });
    expect(router.navigate).toHaveBeenLastCalledWith({
      to: idCardPath,
      search: { redirect: signPage },
    });
    expect(router.history.length).toBe(3);

    finishVerification(router, signPage);
    expect(router.history.location.href).toBe(signPage);
    expect(router.history.location.state.__TSR_index).toBe(1);
    expect(router.navigate).toHaveBeenCalledTimes(1);
    expect(sessionStorage.length).toBe(0);
  });

  it("replaces the step when the flow was opened some other way", () => {
    const router = routerAt([
      "/pages/order/index",
      `${facePath}?redirect=${encodeURIComponent(signPage)}`,
    ]);
    finishVerification(router, signPage);
    expect(router.navigate).toHaveBeenCalledWith({ href: signPage, replace: true });
    expect(router.history.location.href).toBe(signPage);
    expect(router.history.location.state.__TSR_index).toBe(1);
  });

  it("without a redirect, replaces the step with the 'me' page", async () => {
    const router = routerAt([signPage]);
    await enterVerification(router, { faceVerified: false });
    finishVerification(router, undefined);
    expect(router.navigate).toHaveBeenLastCalledWith({ href: "/pages/me/index", replace: true });
  });
});
