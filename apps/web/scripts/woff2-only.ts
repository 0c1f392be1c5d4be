// A PostCSS step for the app's CSS: every @font-face keeps only its woff2 sources. Fontsource
// lists a .woff fallback after each .woff2 one; every browser the app supports reads woff2, so the
// fallbacks would only double the font stylesheets (and the files Vite emits) for nothing.
// See README.md "Fonts".

interface FontSourceDeclaration {
  value: string;
  parent?: { type: string; name?: string } | undefined;
}

/** Drops `url(...) format("woff")` entries from @font-face `src` when a woff2 one remains. */
export function woff2Sources(src: string): string {
  const sources = src.split(/,\s*(?=url\()/);
  const woff2 = sources.filter((source) => !/format\(\s*["']?woff["']?\s*\)/.test(source));
  return woff2.length > 0 && woff2.length < sources.length ? woff2.join(", ") : src;
}

export const woff2Only = {
  postcssPlugin: "chayong-woff2-only",
  Declaration: {
    src(declaration: FontSourceDeclaration) {
      const parent = declaration.parent;
      if (parent?.type === "atrule" && parent.name === "font-face") {
        declaration.value = woff2Sources(declaration.value);
      }
    },
  },
};
