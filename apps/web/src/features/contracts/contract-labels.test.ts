import { describe, expect, it } from "vitest";
import { absoluteShareLink } from "./contract-labels";

describe("share link", () => {
  it("makes a relative link openable from another browser", () => {
    const page = "http://127.0.0.1:4000/#/pages/order/common?id=1";
    expect(absoluteShareLink("#/pages/loans/sign?code=abc", page)).toBe(
      "http://127.0.0.1:4000/#/pages/loans/sign?code=abc",
    );
    expect(absoluteShareLink("/#/pages/loans/sign?code=abc", page)).toBe(
      "http://127.0.0.1:4000/#/pages/loans/sign?code=abc",
    );
    expect(absoluteShareLink("https://loans.example.com/#/x", page)).toBe(
      "https://loans.example.com/#/x",
    );
  });
});
