let loading: Promise<void> | undefined;

/**
 * Adds Noto Sans TC's @font-face rules to the page, once (apps/web/README.md "Fonts"): called when
 * zh-TW becomes the active language, so a Korean reader's entry route never loads them. The font
 * files themselves download only for the characters a page shows. A failed load is tried again
 * on the next call; until then the font stack falls back to the platform's CJK fonts.
 */
export function loadTraditionalChineseFont(): Promise<void> {
  loading ??= import("./noto-sans-tc.css").then(
    () => undefined,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
