import { readFileSync } from "node:fs";
import { messageKeys } from "@chayong/domain";
import type { CatalogType } from "@lingui/conf";
import { beforeAll, describe, expect, it } from "vitest";
import linguiConfig from "../lingui.config";
import { catalogs, messageIds } from "./catalogs";
import { translate } from "./instance";
import { type Locale, locales } from "./locale";

/** The PO files as lingui itself reads them (same formatter, same options). */
async function readCatalog(locale: Locale): Promise<CatalogType> {
  const format = linguiConfig.format;
  if (format === undefined) throw new Error("lingui.config.ts must name the PO format");
  const url = new URL(`./locales/${locale}/messages.po`, import.meta.url);
  return format.parse(readFileSync(url, "utf8"), {
    locale,
    sourceLocale: "ko-KR",
    filename: url.pathname,
  });
}

/** Names of the ICU arguments of a message: `{rate}`, `{count, plural, ...}` -> rate, count. */
function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1] ?? "");
  return [...new Set(names)].sort();
}

const hangul = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/;
const hanzi = /[\u3400-\u4DBF\u4E00-\u9FFF]/;
// Simplified-only forms of characters this product uses; Taiwan readers expect the traditional
// ones (請 not 请, 網 not 网, 驗證碼 not 验证码 ...).
const simplifiedOnly = /[们这个为请确认网络须数组时间发验证码号户录删还设资讯页联关账务总额]/;

const po: Partial<Record<Locale, CatalogType>> = {};
beforeAll(async () => {
  for (const locale of locales) po[locale] = await readCatalog(locale);
});
function entries(locale: Locale): [string, string][] {
  const catalog = po[locale] ?? {};
  return Object.entries(catalog).map(([id, message]) => [id, message.translation ?? ""]);
}
function text(locale: Locale, id: string): string {
  return po[locale]?.[id]?.translation ?? "";
}

describe("the PO catalogs", () => {
  it("hold the same ids in ko-KR and zh-TW", () => {
    const ko = Object.keys(po["ko-KR"] ?? {}).sort();
    const zh = Object.keys(po["zh-TW"] ?? {}).sort();
    expect(ko.length).toBeGreaterThan(300);
    expect(zh).toEqual(ko);
  });

  it("leave no message empty, fuzzy or obsolete", () => {
    for (const locale of locales) {
      for (const [id, message] of Object.entries(po[locale] ?? {})) {
        expect(message.translation?.trim(), `${locale} ${id}`).toBeTruthy();
        expect(message.obsolete ?? false, `${locale} ${id} obsolete`).toBe(false);
        expect(message.extra?.flags ?? [], `${locale} ${id} flags`).not.toContain("fuzzy");
      }
    }
  });

  it("use explicit dotted ids, never sentences", () => {
    for (const id of Object.keys(po["ko-KR"] ?? {})) {
      expect(id).toMatch(/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)+$/);
    }
  });

  it("give every id the same placeholders in both languages", () => {
    for (const [id, ko] of entries("ko-KR")) {
      expect(placeholders(text("zh-TW", id)), id).toEqual(placeholders(ko));
    }
  });

  it("never set an ASCII apostrophe against a placeholder (ICU reads '{ as an escape)", () => {
    // '{name}' would print the braces, not the value: quote with ‘ ’ or 「 」 instead.
    for (const locale of locales) {
      for (const [id, message] of entries(locale)) {
        expect(message, `${locale} ${id}`).not.toMatch(/'\{|\}'/);
      }
    }
  });

  it("call a contract 合約 in zh-TW, one word everywhere (契約 read as another thing)", () => {
    for (const [id, message] of entries("zh-TW")) {
      expect(message, `zh-TW ${id}`).not.toContain("契約");
    }
  });

  it("name the values the callers pass", () => {
    const expected: Record<string, string[]> = {
      "contract.rate.aboveCap": ["capPercent", "ratePercent"],
      "contract.overdueRate.aboveCap": ["capPercent", "ratePercent"],
      "login.sms.cooldown": ["seconds"],
      "login.resendIn": ["seconds"],
      "transport.httpStatus": ["code"],
      "sms.loginCode": ["code", "minutes"],
      "contract.repaymentDate.tooFar": ["years"],
    };
    for (const [id, names] of Object.entries(expected)) {
      for (const locale of locales) expect(placeholders(text(locale, id)), id).toEqual(names);
    }
  });

  it("write a rate over the cap with the digits grouped, as the cost preview does", () => {
    const values = { ratePercent: 1096.98, capPercent: 20 };
    expect(translate("contract.rate.aboveCap", "ko-KR", values)).toContain("1,096.98%");
    expect(translate("contract.rate.aboveCap", "zh-TW", values)).toContain("1,096.98%");
  });

  it("write Korean in ko-KR and Traditional Chinese in zh-TW", () => {
    const notKorean = new Set(["language.name.zh-TW"]);
    const notChinese = new Set([
      "app.name",
      "language.name.ko-KR",
      "service.account",
      "service.qr",
    ]);
    for (const [id, message] of entries("ko-KR")) {
      if (notKorean.has(id)) continue;
      expect(message, `ko-KR ${id}`).toMatch(hangul);
      expect(message, `ko-KR ${id}`).not.toMatch(hanzi);
    }
    for (const [id, message] of entries("zh-TW")) {
      if (notChinese.has(id)) continue;
      expect(message, `zh-TW ${id}`).toMatch(hanzi);
      expect(message, `zh-TW ${id}`).not.toMatch(hangul);
      expect(message, `zh-TW ${id}`).not.toMatch(simplifiedOnly);
    }
  });

  it("translate every message key of @chayong/domain", () => {
    const ids = new Set(Object.keys(po["ko-KR"] ?? {}));
    const missing = messageKeys.filter((key) => !ids.has(key));
    expect(missing).toEqual([]);
  });

  it("translate every error key of the transport layer", () => {
    // The ids packages/transport/src/errors/message-keys.ts emits (docs/errors.md#transport-failures).
    const transportKeys = [
      "transport.httpStatus",
      "transport.invalidData",
      "transport.sessionEnded",
      "transport.serverError",
      "session.dataError",
      "transport.rejected",
      "transport.unreachable",
      "transport.timeout",
      "transport.aborted",
      "transport.missingUrl",
      "transport.prepareFailed",
      "transport.filesNotArray",
      "transport.fileTooLarge",
      "transport.noUploadToken",
      "transport.slowNetwork",
    ];
    const ids = new Set(Object.keys(po["ko-KR"] ?? {}));
    expect(transportKeys.filter((key) => !ids.has(key))).toEqual([]);
  });

  it("show each language's name in its own script in both catalogs", () => {
    for (const locale of locales) {
      expect(text(locale, "language.name.ko-KR")).toBe("한국어");
      expect(text(locale, "language.name.zh-TW")).toBe("繁體中文");
    }
  });
});

describe("the compiled catalogs", () => {
  it("are compiled from the current PO files (same ids)", () => {
    const fromPo = Object.keys(po["ko-KR"] ?? {}).sort();
    expect(messageIds).toEqual(fromPo);
    for (const locale of locales) expect(Object.keys(catalogs[locale]).sort()).toEqual(fromPo);
  });
});
