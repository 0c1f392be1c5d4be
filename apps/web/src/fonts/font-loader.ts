/**
 * A stylesheet of @font-face rules added to the page once, by `importStylesheet` (a dynamic
 * `import()` of the CSS, which Vite turns into a link): the font files themselves download only
 * for the characters a page shows. A failed load is logged with the font's name and tried again
 * on the next call; until then the font stack falls back to the platform's fonts
 * (apps/web/README.md "Fonts"). The answer never rejects: no caller has anything else to do.
 */
export function fontLoader(
  fontName: string,
  importStylesheet: () => Promise<unknown>,
): () => Promise<void> {
  let loading: Promise<void> | undefined;
  return () => {
    loading ??= importStylesheet().then(
      () => undefined,
      (error: unknown) => {
        loading = undefined;
        console.error(`the ${fontName} font did not load`, error);
      },
    );
    return loading;
  };
}
