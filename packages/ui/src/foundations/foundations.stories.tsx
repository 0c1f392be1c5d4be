import type { Meta, StoryObj } from "@storybook/react-vite";
import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "../button/button";
import {
  contrastRatio,
  type DesignToken,
  designTokenNames,
  designTokens,
  rgbChannels,
  tokenValue,
} from "./design-tokens";

// The Foundations pages render the tokens of src/tokens/tokens.css as the page computes them
// (see design-tokens.ts): names come from the stylesheet, values from getComputedStyle, and every
// sample is styled with var(--cy-…) itself, so a page cannot disagree with the kit.

/** Reads the tokens after mount, once the kit's stylesheet is surely applied. */
function useTokens(...prefixes: string[]): DesignToken[] {
  const key = prefixes.join("|");
  const [tokens, setTokens] = useState<DesignToken[]>(() => designTokens(...prefixes));
  useEffect(() => {
    setTokens(designTokens(...key.split("|")));
  }, [key]);
  return tokens;
}

const card: CSSProperties = {
  background: "var(--cy-color-surface)",
  borderRadius: "var(--cy-radius-lg)",
  boxShadow: "var(--cy-shadow-card)",
  padding: "var(--cy-space-4)",
  marginBlockEnd: "var(--cy-space-4)",
};
const caption: CSSProperties = {
  color: "var(--cy-color-ink-subtle)",
  fontSize: "var(--cy-font-size-sm)",
  margin: 0,
};
const tokenName: CSSProperties = {
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  fontSize: "var(--cy-font-size-sm)",
  overflowWrap: "anywhere",
};
const list: CSSProperties = {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "var(--cy-space-3)",
};

function FoundationPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <main style={{ maxWidth: 720, margin: "0 auto" }}>
      <h1 style={{ fontSize: "var(--cy-font-size-2xl)", margin: "0 0 var(--cy-space-2)" }}>
        {title}
      </h1>
      <p style={{ ...caption, marginBlockEnd: "var(--cy-space-4)" }}>{intro}</p>
      {children}
    </main>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={card} aria-label={title}>
      <h2 style={{ fontSize: "var(--cy-font-size-lg)", margin: "0 0 var(--cy-space-3)" }}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function TokenLabel({ token, note }: { token: DesignToken; note?: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <div style={tokenName}>{token.name}</div>
      <p style={caption}>
        <span data-token-value>{token.value}</span>
        {note ? <> · {note}</> : null}
      </p>
    </div>
  );
}

/** The colour a token resolves to, as the browser computes it (`rgb(…)`). */
function resolvedColour(value: string): string {
  const probe = document.createElement("span");
  probe.style.color = value;
  document.body.append(probe);
  const computed = getComputedStyle(probe).color;
  probe.remove();
  return computed;
}

function contrastNote(value: string): string | null {
  const rgb = rgbChannels(resolvedColour(value));
  const ink = rgbChannels(resolvedColour(tokenValue("--cy-color-ink")));
  // Translucent colours (the backdrop) have no contrast of their own.
  if (!rgb || !ink || /rgba\(.*,\s*0?\.\d+\)$/.test(resolvedColour(value))) return null;
  // Against white for text and icons, against ink for surfaces that carry body text.
  const onWhite = contrastRatio(rgb, [255, 255, 255]).toFixed(1);
  const withInk = contrastRatio(rgb, ink).toFixed(1);
  return `vs white ${onWhite}:1 · vs ink ${withInk}:1`;
}

function Swatch({ token }: { token: DesignToken }) {
  return (
    <li style={{ display: "flex", gap: "var(--cy-space-3)", alignItems: "center" }}>
      <div
        aria-hidden="true"
        data-swatch={token.name}
        style={{
          flex: "none",
          width: 56,
          height: 56,
          borderRadius: "var(--cy-radius-md)",
          background: `var(${token.name})`,
          border: "1px solid var(--cy-color-border)",
        }}
      />
      <TokenLabel token={token} note={contrastNote(token.value)} />
    </li>
  );
}

const colourGroups: Array<{ title: string; match: (name: string) => boolean }> = [
  {
    title: "Ink and surfaces",
    match: (name) => /^--cy-color-(ink|surface|border|backdrop)/.test(name),
  },
  { title: "Brand", match: (name) => /^--cy-color-(primary|on-primary)/.test(name) },
  {
    title: "Status",
    match: (name) => /^--cy-color-(danger|success|warning|info)/.test(name),
  },
  { title: "Tab bar", match: (name) => name.startsWith("--cy-tab-") },
];

function ColourPage() {
  // Only tokens that hold a colour (the tab bar's height shares the --cy-tab- prefix).
  const tokens = useTokens("--cy-color-", "--cy-tab-").filter((token) =>
    CSS.supports("color", token.value),
  );
  const others = tokens.filter((token) => !colourGroups.some((group) => group.match(token.name)));
  const groups = [...colourGroups, { title: "Other colours", match: () => false }];
  return (
    <FoundationPage
      title="Colour"
      intro="Every colour token of tokens.css with its computed value and its contrast against white and against the ink colour. Text and icons need 4.5:1 (3:1 for large text and control outlines); colours under 3:1 only decorate (the tab bar's #A4B8D2)."
    >
      {groups.map((group) => {
        const members =
          group.title === "Other colours"
            ? others
            : tokens.filter((token) => group.match(token.name));
        return members.length > 0 ? (
          <Section key={group.title} title={group.title}>
            <ul style={list}>
              {members.map((token) => (
                <Swatch key={token.name} token={token} />
              ))}
            </ul>
          </Section>
        ) : null;
      })}
    </FoundationPage>
  );
}

const koreanSample = "계약서에 서명하면 대출이 실행됩니다 · 1,234,567원";
const chineseSample = "簽署合約後即撥付借款 · NT$1,234,567";

function TypePage() {
  const sizes = useTokens("--cy-font-size-");
  const families = useTokens("--cy-font-family");
  const lineHeights = useTokens("--cy-line-height");
  return (
    <FoundationPage
      title="Type scale"
      intro="Pretendard for Korean, Traditional Chinese fonts under :lang(zh-TW). Sizes are rem, so they follow the phone's text-size setting."
    >
      <Section title="Sizes">
        <ul style={list}>
          {sizes.map((token) => (
            <li key={token.name} data-type-sample={token.name}>
              <TokenLabel
                token={token}
                note={
                  token.value.endsWith("rem")
                    ? `${Number.parseFloat(token.value) * 16} px at the default 16 px root`
                    : undefined
                }
              />
              <p lang="ko-KR" style={{ margin: 0, fontSize: `var(${token.name})` }}>
                {koreanSample}
              </p>
              <p lang="zh-TW" style={{ margin: 0, fontSize: `var(${token.name})` }}>
                {chineseSample}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Font families">
        <ul style={list}>
          {families.map((token) => (
            <li key={token.name}>
              <TokenLabel token={token} />
              <p
                lang={token.name.endsWith("zh-tw") ? "zh-TW" : "ko-KR"}
                style={{ margin: 0, fontFamily: `var(${token.name})` }}
              >
                {token.name.endsWith("zh-tw") ? chineseSample : koreanSample}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      {lineHeights.length > 0 ? (
        <Section title="Line height">
          <ul style={list}>
            {lineHeights.map((token) => (
              <li key={token.name}>
                <TokenLabel token={token} />
                <p lang="ko-KR" style={{ margin: 0, lineHeight: `var(${token.name})` }}>
                  {koreanSample} {koreanSample}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </FoundationPage>
  );
}

function SpacingPage() {
  const spaces = useTokens("--cy-space-");
  const sizes = useTokens("--cy-touch-target", "--cy-tab-bar-height", "--cy-header-height");
  return (
    <FoundationPage
      title="Spacing"
      intro="Gaps and paddings come from this 4 px scale. Anything tappable is at least --cy-touch-target tall and wide."
    >
      <Section title="Space scale">
        <ul style={list}>
          {spaces.map((token) => (
            <li
              key={token.name}
              style={{ display: "flex", gap: "var(--cy-space-3)", alignItems: "center" }}
            >
              <div style={{ flex: "none", width: 48 }}>
                <div
                  aria-hidden="true"
                  data-space={token.name}
                  style={{
                    width: `var(${token.name})`,
                    height: 24,
                    background: "var(--cy-color-primary)",
                    borderRadius: 2,
                  }}
                />
              </div>
              <TokenLabel token={token} />
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Fixed sizes">
        <ul style={list}>
          {sizes.map((token) => (
            <li
              key={token.name}
              style={{ display: "flex", gap: "var(--cy-space-3)", alignItems: "center" }}
            >
              <div
                aria-hidden="true"
                style={{
                  flex: "none",
                  width: 64,
                  height: `var(${token.name})`,
                  background: "var(--cy-color-primary-soft)",
                  border: "1px dashed var(--cy-color-primary)",
                }}
              />
              <TokenLabel token={token} />
            </li>
          ))}
        </ul>
      </Section>
    </FoundationPage>
  );
}

function RadiusPage() {
  const radii = useTokens("--cy-radius-");
  return (
    <FoundationPage
      title="Radius"
      intro="sm for badges and small controls, md for fields and buttons, lg for cards and sheets, full for pills and the service button."
    >
      <Section title="Radii">
        <ul style={{ ...list, gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))" }}>
          {radii.map((token) => (
            <li key={token.name}>
              <div
                aria-hidden="true"
                data-radius={token.name}
                style={{
                  width: 96,
                  height: 64,
                  borderRadius: `var(${token.name})`,
                  background: "var(--cy-color-primary-soft)",
                  border: "2px solid var(--cy-color-primary)",
                  marginBlockEnd: "var(--cy-space-2)",
                }}
              />
              <TokenLabel token={token} />
            </li>
          ))}
        </ul>
      </Section>
    </FoundationPage>
  );
}

function ElevationPage() {
  const shadows = useTokens("--cy-shadow-", "--cy-focus-ring");
  const layers = useTokens("--cy-z-").sort(
    (first, second) => Number(first.value) - Number(second.value),
  );
  return (
    <FoundationPage
      title="Elevation"
      intro="Two shadows: card (lists, stat cards) and raised (sheets, the service button, toasts). Layers stack in the order below; toasts sit above everything."
    >
      <Section title="Shadows">
        <ul
          style={{
            ...list,
            gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
            gap: "var(--cy-space-6)",
          }}
        >
          {shadows.map((token) => (
            <li key={token.name}>
              <div
                aria-hidden="true"
                data-shadow={token.name}
                style={{
                  height: 72,
                  borderRadius: "var(--cy-radius-lg)",
                  background: "var(--cy-color-surface)",
                  boxShadow: `var(${token.name})`,
                  marginBlockEnd: "var(--cy-space-3)",
                }}
              />
              <TokenLabel token={token} />
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Layers (z-index), lowest first">
        <ol style={{ ...list, listStyle: "decimal inside" }}>
          {layers.map((token) => (
            <li key={token.name}>
              <span style={tokenName}>{token.name}</span> <span style={caption}>{token.value}</span>
            </li>
          ))}
        </ol>
      </Section>
    </FoundationPage>
  );
}

function MotionPage() {
  const durations = useTokens("--cy-duration-", "--cy-easing-", "--cy-ease-");
  const easing = durations.find((token) => !token.name.startsWith("--cy-duration-"));
  const [moved, setMoved] = useState(false);
  return (
    <FoundationPage
      title="Motion"
      intro="Short and functional: fast for presses and toggles, base for sheets and toasts. Under prefers-reduced-motion the durations are 0 ms."
    >
      <Section title="Durations">
        <Button variant="secondary" aria-pressed={moved} onClick={() => setMoved(!moved)}>
          Play the transitions
        </Button>
        <ul style={{ ...list, marginBlockStart: "var(--cy-space-4)" }}>
          {durations.map((token) => (
            <li key={token.name}>
              <TokenLabel token={token} />
              {token.name.startsWith("--cy-duration-") ? (
                <div
                  aria-hidden="true"
                  style={{
                    position: "relative",
                    height: 28,
                    borderRadius: "var(--cy-radius-full)",
                    background: "var(--cy-color-surface-sunken)",
                    marginBlockStart: "var(--cy-space-2)",
                  }}
                >
                  <div
                    data-motion={token.name}
                    style={{
                      position: "absolute",
                      insetBlock: 2,
                      insetInlineStart: 2,
                      width: 24,
                      borderRadius: "var(--cy-radius-full)",
                      background: "var(--cy-color-primary)",
                      transform: moved ? "translateX(calc(min(600px, 70vw)))" : "none",
                      transition: `transform var(${token.name}) ${easing ? `var(${easing.name})` : "ease-out"}`,
                    }}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
    </FoundationPage>
  );
}

function AllTokensPage() {
  const [tokens, setTokens] = useState(() =>
    designTokenNames().map((name) => ({ name, value: tokenValue(name) })),
  );
  useEffect(() => {
    setTokens(designTokenNames().map((name) => ({ name, value: tokenValue(name) })));
  }, []);
  return (
    <FoundationPage
      title="All tokens"
      intro="Every --cy-* custom property on :root, as computed now. Re-theme by overriding them on :root or on any subtree."
    >
      <div style={{ ...card, overflowX: "auto" }}>
        <table style={{ borderCollapse: "collapse", width: "100%" }}>
          <caption style={{ ...caption, textAlign: "start", paddingBlockEnd: 8 }}>
            {tokens.length} tokens from src/tokens/tokens.css
          </caption>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: "start", paddingInlineEnd: 12 }}>
                Token
              </th>
              <th scope="col" style={{ textAlign: "start" }}>
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.name} style={{ borderBlockStart: "1px solid var(--cy-color-border)" }}>
                <td style={{ ...tokenName, paddingInlineEnd: 12, paddingBlock: 6 }}>
                  {token.name}
                </td>
                <td style={{ ...tokenName, paddingBlock: 6 }}>{token.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </FoundationPage>
  );
}

const meta = {
  title: "Foundations",
  parameters: {
    layout: "fullscreen",
    docs: {
      description: {
        component:
          "The design tokens of `src/tokens/tokens.css`, read from the page's stylesheet and `getComputedStyle`, never copied: these pages cannot drift from the kit. Use the tokens (`var(--cy-…)`) in app CSS instead of raw values; re-theme by overriding them on `:root`.",
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each sample's computed style must equal the token's computed value. */
async function expectSamplesFollowTokens(
  canvasElement: HTMLElement,
  attribute: string,
  property: "backgroundColor" | "borderTopLeftRadius" | "boxShadow" | "width",
  resolve: (value: string) => string = (value) => value,
) {
  const samples = [...canvasElement.querySelectorAll<HTMLElement>(`[${attribute}]`)];
  await expect(samples.length).toBeGreaterThan(2);
  for (const sample of samples) {
    const name = sample.getAttribute(attribute) ?? "";
    await expect(getComputedStyle(sample)[property]).toBe(resolve(tokenValue(name)));
  }
}

export const Colour: Story = {
  render: () => <ColourPage />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-swatch="--cy-color-primary"]')).not.toBeNull();
    const probe = (value: string) => {
      const element = document.createElement("span");
      element.style.backgroundColor = value;
      document.body.append(element);
      const computed = getComputedStyle(element).backgroundColor;
      element.remove();
      return computed;
    };
    await expectSamplesFollowTokens(canvasElement, "data-swatch", "backgroundColor", probe);
  },
};

export const TypeScale: Story = {
  name: "Type scale",
  render: () => <TypePage />,
  play: async ({ canvasElement }) => {
    const samples = canvasElement.querySelectorAll("[data-type-sample]");
    await expect(samples.length).toBeGreaterThanOrEqual(5);
  },
};

export const Spacing: Story = {
  render: () => <SpacingPage />,
  play: async ({ canvasElement }) => {
    await expectSamplesFollowTokens(canvasElement, "data-space", "width");
  },
};

export const Radius: Story = {
  render: () => <RadiusPage />,
  play: async ({ canvasElement }) => {
    await expectSamplesFollowTokens(
      canvasElement,
      "data-radius",
      "borderTopLeftRadius",
      (value) =>
        // 999px stays 999px; computed radii are in px like the tokens.
        value,
    );
  },
};

export const Elevation: Story = {
  render: () => <ElevationPage />,
  play: async ({ canvasElement }) => {
    const cards = canvasElement.querySelectorAll<HTMLElement>("[data-shadow]");
    await expect(cards.length).toBeGreaterThanOrEqual(2);
    for (const card of cards) {
      await expect(getComputedStyle(card).boxShadow).not.toBe("none");
    }
  },
};

export const Motion: Story = {
  render: () => <MotionPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: "Play the transitions" });
    await userEvent.click(button);
    await expect(button).toHaveAttribute("aria-pressed", "true");
    const dots = canvasElement.querySelectorAll<HTMLElement>("[data-motion]");
    await expect(dots.length).toBeGreaterThanOrEqual(2);
    for (const dot of dots) {
      await expect(dot.style.transform).not.toBe("none");
    }
  },
};

export const AllTokens: Story = {
  name: "All tokens",
  render: () => <AllTokensPage />,
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole("row");
    // The header row plus one per token; tokens.css declares well over 40.
    await expect(rows.length).toBeGreaterThan(40);
  },
};
