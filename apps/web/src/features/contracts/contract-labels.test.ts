import { describe, expect, it } from "vitest";
import { absoluteShareLink, displayPhone } from "./contract-labels";

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

describe("phone display", () => {
  it("shows E.164 numbers the way they are read at home", () => {
    expect(displayPhone("+821012345678")).toBe("010-1234-5678");
    expect(displayPhone("+886912345678")).toBe("0912-345-678");
    expect(displayPhone("+15551234567")).toBe("+15551234567");
  });
});
