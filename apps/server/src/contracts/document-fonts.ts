import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** The font stylesheet's key in the web app's Vite manifest (apps/web vite.config.ts input). */
export const documentFontsEntry = "src/fonts/document-fonts.css";

let cached: { manifest: string; modified: number; href: string | null } | undefined;

/**
 * Where the contract document finds the app's fonts (apps/web/README.md "Fonts"): the web app's
 * own stylesheet of @font-face rules (Pretendard, Noto Sans TC), same origin, hashed by Vite, so
 * looked up in the build's manifest and read again only when the manifest changes (a new build).
 * Null when this server serves no web app or the build has no such entry: the document then reads
 * the platform's fonts.
 */
export function documentFontsHref(webDir: string | null): string | null {
  if (webDir === null) return null;
  const manifest = join(webDir, ".vite", "manifest.json");
  let modified: number;
  try {
    modified = statSync(manifest).mtimeMs;
  } catch {
    return null;
  }
  if (cached?.manifest === manifest && cached.modified === modified) return cached.href;
  let href: string | null = null;
  try {
    const entries = JSON.parse(readFileSync(manifest, "utf8")) as Record<
      string,
      { file?: unknown }
    >;
    const file = entries[documentFontsEntry]?.file;
    if (typeof file === "string" && /^[\w./-]+\.css$/.test(file)) href = `/${file}`;
  } catch {
    href = null;
  }
  cached = { manifest, modified, href };
  return href;
}

/**
 * The document's policy (its meta tag and the HTTP header of the raw answer): nothing runs, images
 * only as data URLs, style inline or from this origin, fonts from this origin (the app's own).
 */
export const documentContentSecurityPolicy =
  "default-src 'none'; img-src data:; style-src 'self' 'unsafe-inline'; font-src 'self'";

// The UI kit's stacks (packages/ui src/tokens/tokens.css --cy-font-family-ko-kr / -zh-tw): the
// reader's web font first, then the platforms' CJK fonts, so no character is left without a glyph.
const fontFamilies = {
  "ko-KR": `"Pretendard Variable",Pretendard,-apple-system,BlinkMacSystemFont,system-ui,"Apple SD Gothic Neo","Noto Sans KR","Noto Sans CJK KR","Malgun Gothic","Noto Sans TC","PingFang TC","Noto Sans CJK TC","Microsoft JhengHei",sans-serif`,
  "zh-TW": `"Noto Sans TC","PingFang TC","Noto Sans CJK TC","Microsoft JhengHei","Pretendard Variable",Pretendard,-apple-system,BlinkMacSystemFont,system-ui,"Apple SD Gothic Neo","Noto Sans KR","Noto Sans CJK KR","Malgun Gothic",sans-serif`,
} as const;

/** The document's `font-family` for its language. */
export function documentFontFamily(locale: "ko-KR" | "zh-TW"): string {
  return fontFamilies[locale];
}
