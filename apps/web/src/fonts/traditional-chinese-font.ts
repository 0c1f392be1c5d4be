import { fontLoader } from "./font-loader";

/**
 * Adds Noto Sans TC's @font-face rules to the page, once (apps/web/README.md "Fonts"): called when
 * zh-TW becomes the active language, so a Korean reader's entry route never loads them.
 */
export const loadTraditionalChineseFont = fontLoader(
  "Traditional Chinese (Noto Sans TC)",
  () => import("./noto-sans-tc.css"),
);
