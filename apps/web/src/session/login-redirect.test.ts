import { describe, expect, it } from "vitest";
import { safeRedirect } from "./login-redirect";

describe("where login goes afterwards", () => {
  it("returns to a page of this app", () => {
    expect(safeRedirect("/pages/loans/sign?code=abc")).toBe("/pages/loans/sign?code=abc");
  });
  it("never leaves the app or loops back to login", () => {
    expect(safeRedirect("//evil.example/x")).toBeUndefined();
    expect(safeRedirect("https://evil.example/")).toBeUndefined();
    expect(safeRedirect("/pages/login/index?redirect=/x")).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
  });
});
