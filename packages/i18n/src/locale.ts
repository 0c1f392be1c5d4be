/**
 * The product's two languages and the ways the apps and the server name them: the stored
 * language index (docs/entities.md#local-storage `languageIndex`: 0 = ko-KR, 1 = zh-TW) and Accept-Language headers.
 */
export type Locale = "ko-KR" | "zh-TW";

/** In index order: `locales[index]` is the locale of a stored language index. */
export const locales: readonly Locale[] = ["ko-KR", "zh-TW"];

export const defaultLocale: Locale = "ko-KR";

export type LanguageIndex = 0 | 1;

export interface LanguageOption {
  readonly label: Locale;
  readonly value: LanguageIndex;
  /** The language's own name in its own script, so a reader finds it whatever is active. */
  readonly name: string;
}

export const languageOptions: readonly LanguageOption[] = [
  { label: "ko-KR", value: 0, name: "한국어" },
  { label: "zh-TW", value: 1, name: "繁體中文" },
];

export function isLocale(value: unknown): value is Locale {
  return value === "ko-KR" || value === "zh-TW";
}

/**
 * The locale of a stored language index. Storage hands back strings ("1"), numbers or nothing;
 * anything that is not exactly 0 or 1 means the default, never an error: a corrupt entry must
 * not lock a user out of the app.
 */
export function localeFromIndex(index: number | string | null | undefined): Locale {
  const value = typeof index === "string" ? index.trim() : index;
  if (value === 1 || value === "1") return "zh-TW";
  return defaultLocale;
}

export function indexFromLocale(locale: Locale): LanguageIndex {
  return locale === "zh-TW" ? 1 : 0;
}

/**
 * The caller's locale from an Accept-Language header: the supported language the caller
 * prefers most (by q-value, then by order). Korean tags give ko-KR; Traditional Chinese tags
 * (zh-TW, zh-Hant, zh-HK, zh-MO) give zh-TW. Other Chinese tags (zh, zh-CN, zh-Hans) also give
 * zh-TW, but only when no Korean or Traditional tag is listed at all: a reader of Simplified
 * Chinese reads Traditional Chinese far better than Korean. Anything else gives ko-KR.
 */
export function negotiateLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return defaultLocale;
  const ranked = acceptLanguage
    .split(",")
    .map((part, order) => {
      const [rawTag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith("q="));
      const weight = q === undefined ? 1 : Number.parseFloat(q.slice(2));
      return {
        tag: rawTag.trim().toLowerCase(),
        weight: Number.isFinite(weight) ? weight : 0,
        order,
      };
    })
    .filter((entry) => entry.tag !== "" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);

  let otherChinese = false;
  for (const { tag } of ranked) {
    const [language, ...subtags] = tag.split("-");
    if (language === "ko") return "ko-KR";
    if (language === "zh") {
      if (subtags.some((s) => s === "hant" || s === "tw" || s === "hk" || s === "mo")) {
        return "zh-TW";
      }
      otherChinese = true;
    }
  }
  return otherChinese ? "zh-TW" : defaultLocale;
}
