// Draws the app's icons into public/ (the web app manifest, the favicon, the iOS home-screen
// icon): a contract with a signature stroke, white on the kit's primary colour
// (packages/ui src/tokens/tokens.css --cy-color-primary). Chromium rasterises the SVG so every
// size is drawn from the same shape. Run when the mark changes, then commit public/:
//   node scripts/make-icons.ts
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";

const primary = "#1d4f9c";
const lines = "#b9cbe8";
const publicDir = join(import.meta.dirname, "..", "public");

/**
 * The mark on a 100x100 canvas. `bleed` fills the whole square (maskable icons: the platform
 * cuts its own shape, and keeps only the centre circle of 80% for sure), otherwise a rounded
 * square with the mark at full size.
 */
function iconSvg(options: { bleed: boolean }): string {
  const scale = options.bleed ? 0.8 : 1;
  const offset = (100 - 100 * scale) / 2;
  const background = options.bleed
    ? `<rect width="100" height="100" fill="${primary}"/>`
    : `<rect width="100" height="100" rx="22" fill="${primary}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><title>차용</title>${background}
<g transform="translate(${offset} ${offset}) scale(${scale})">
<rect x="27" y="18" width="46" height="64" rx="6" fill="#fff"/>
<rect x="35" y="30" width="30" height="4.5" rx="2.25" fill="${lines}"/>
<rect x="35" y="40" width="22" height="4.5" rx="2.25" fill="${lines}"/>
<path d="M35 66 C39 56 43 56 43 63 C43 69 47 58 51 60 C54 62 55 66 65 62" fill="none" stroke="${primary}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
</g></svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192, bleed: false },
  { file: "icon-512.png", size: 512, bleed: false },
  { file: "icon-maskable-512.png", size: 512, bleed: true },
  // iOS ignores the manifest's icons and rounds the corners itself: a full square.
  { file: "apple-touch-icon.png", size: 180, bleed: true },
];

writeFileSync(join(publicDir, "favicon.svg"), `${iconSvg({ bleed: false })}\n`);
const browser = await chromium.launch({
  executablePath: process.env.CHAYONG_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.size}px;height:${icon.size}px}</style>${iconSvg(icon)}`,
    );
    await page
      .locator("svg")
      .screenshot({ path: join(publicDir, icon.file), omitBackground: true });
  }
} finally {
  await browser.close();
}
