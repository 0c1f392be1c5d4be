import { describe, expect, it } from "vitest";
import { formatInstant } from "./format-instant";

describe("formatInstant", () => {
  it("shows a moment in the reader's time zone, not the server's UTC text", () => {
    const instant = "2026-11-22T23:30:00.000Z";
    const expected = new Intl.DateTimeFormat("ko-KR", {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(new Date(instant));
    expect(formatInstant(instant, "ko-KR")).toBe(expected);
    expect(formatInstant(instant, "ko-KR")).not.toContain("T23:30");
  });

  it("shows text that is not a moment as it came", () => {
    expect(formatInstant("unknown", "zh-TW")).toBe("unknown");
  });
});
