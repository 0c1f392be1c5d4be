import { fontLoader } from "./font-loader";

/**
 * Adds Pretendard's @font-face rules (the kit's web font) to the page, once, after the first
 * screen is shown (src/main.tsx): until then text is drawn in the platform's font, as it was while
 * the files downloaded; the rules no longer share a slow phone's link with the first screen's
 * scripts (apps/web/README.md "Fonts").
 */
export const loadKoreanFont = fontLoader(
  "Korean (Pretendard)",
  () => import("@chayong/ui/fonts.css"),
);
