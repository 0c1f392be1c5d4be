import { afterEach, describe, expect, it, vi } from "vitest";
import { createAppHashHistory } from "./hash-history";

afterEach(() => window.history.replaceState(null, "", "/"));

describe("the app's hash history", () => {
  it("reads the route and its search from after the '#' only", () => {
    window.history.replaceState(null, "", "/?fbclid=abc&utm_source=line#/pages/loans/sign?code=X1");
    const history = createAppHashHistory();
    expect(history.location.pathname).toBe("/pages/loans/sign");
    expect(history.location.search).toBe("?code=X1");
  });

  it("keeps the page's query in the address when it navigates", async () => {
    window.history.replaceState(null, "", "/?timeoutMs=2500#/pages/order/index");
    const history = createAppHashHistory();
    history.push("/pages/me/index");
    // The browser history writes the address in a batch, after the current task.
    await vi.waitFor(() => expect(window.location.hash).toBe("#/pages/me/index"));
    expect(window.location.search).toBe("?timeoutMs=2500");
    expect(history.location.pathname).toBe("/pages/me/index");
  });

  it("starts at the root without a hash", () => {
    window.history.replaceState(null, "", "/");
    expect(createAppHashHistory().location.pathname).toBe("/");
  });
});
