// Storybook only (not exported by the kit): reads the design tokens from the page's own
// stylesheets, so the Foundations pages list and show exactly what src/tokens/tokens.css declares
// today. A token added, renamed or changed there shows up here without touching these stories.

export interface DesignToken {
  /** The custom property, e.g. `--cy-color-primary`. */
  name: string;
  /** Its computed value on <html>, as the kit's components get it. */
  value: string;
}

function collectNames(rules: CSSRuleList, into: Set<string>) {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule && rule.selectorText === ":root") {
      for (const property of Array.from(rule.style)) {
        if (property.startsWith("--cy-")) into.add(property);
      }
    } else if (rule instanceof CSSImportRule && rule.styleSheet) {
      collectNames(rule.styleSheet.cssRules, into);
    } else if (rule instanceof CSSGroupingRule) {
      collectNames(rule.cssRules, into);
    }
  }
}

/** Every `--cy-*` custom property declared on `:root`, in source order. */
export function designTokenNames(): string[] {
  const names = new Set<string>();
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      collectNames(sheet.cssRules, names);
    } catch {
      // A cross-origin sheet (none in Storybook's build) cannot be read; it declares no tokens.
    }
  }
  return [...names];
}

/** The token's value as computed on the document's root element. */
export function tokenValue(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** The tokens whose names start with one of `prefixes` (e.g. `--cy-space-`). */
export function designTokens(...prefixes: string[]): DesignToken[] {
  return designTokenNames()
    .filter((name) => prefixes.some((prefix) => name.startsWith(prefix)))
    .map((name) => ({ name, value: tokenValue(name) }));
}

function channel(value: number): number {
  const scaled = value / 255;
  return scaled <= 0.03928 ? scaled / 12.92 : ((scaled + 0.055) / 1.055) ** 2.4;
}

/** The `r, g, b` of a computed colour such as `rgb(29, 79, 156)`; null for other forms. */
export function rgbChannels(computed: string): [number, number, number] | null {
  const match = computed.match(/^rgba?\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)/);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** WCAG 2 contrast ratio of two opaque colours. */
export function contrastRatio(
  first: [number, number, number],
  second: [number, number, number],
): number {
  const luminance = ([r, g, b]: [number, number, number]) =>
    0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
