import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isMessageKey } from "@chayong/domain";
import { describe, expect, it } from "vitest";
import {
  hasMessage,
  localeFromHeader,
  messageFor,
  okMessage,
  serverText,
  serverTextKeys,
} from "./message-for";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "testing" ? [] : sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("messageFor", () => {
  it("has a sentence in both languages for every message key the server's code names", () => {
    const srcDir = new URL("..", import.meta.url).pathname;
    const keys = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const [, literal] of readFileSync(file, "utf8").matchAll(
        /"([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)"/g,
      )) {
        if (literal !== undefined && isMessageKey(literal)) keys.add(literal);
      }
    }
    expect(keys.size).toBeGreaterThan(20);
    expect([...keys].filter((key) => !hasMessage(key))).toEqual([]);
    for (const key of keys) {
      if (!isMessageKey(key)) continue;
      expect(messageFor(key, "ko-KR")).not.toBe(messageFor(key, "zh-TW"));
    }
  });

  it("has every SMS and contract-document text", () => {
    expect(serverTextKeys.filter((key) => !hasMessage(key))).toEqual([]);
    expect(serverText("sms.loginCode", "ko-KR", { code: "123456", minutes: 5 })).toContain(
      "123456",
    );
    expect(serverText("sms.loginCode", "zh-TW", { code: "123456", minutes: 5 })).toContain(
      "123456",
    );
  });

  it("fills in the rates of a legal-cap refusal (the domain's parameter names)", () => {
    for (const locale of ["ko-KR", "zh-TW"] as const) {
      const text = messageFor("contract.rate.aboveCap", locale, {
        ratePercent: 31.7,
        capPercent: 20,
      });
      expect(text).toContain("31.7");
      expect(text).toContain("20");
    }
  });

  it("answers in the caller's language, Korean by default", () => {
    expect(localeFromHeader(undefined)).toBe("ko-KR");
    expect(localeFromHeader("zh-TW,zh;q=0.9")).toBe("zh-TW");
    expect(localeFromHeader("en-US,ko;q=0.5")).toBe("ko-KR");
    expect(okMessage("zh-TW")).not.toBe(okMessage("ko-KR"));
  });
});
