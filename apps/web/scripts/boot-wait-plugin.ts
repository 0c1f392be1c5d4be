// The page's own wait (src/boot-wait/boot-wait-script.ts): its markup, style and script inlined
// at the end of index.html's body, the script bundled and minified on its own, its words taken
// from the catalogs when the app is built.
import { join } from "node:path";
import { translate } from "@chayong/i18n";
import { build } from "rolldown";
import type { Plugin } from "vite";

const scriptPath = join(import.meta.dirname, "../src/boot-wait/boot-wait-script.ts");

/** The words the wait says, per language: the catalogs' own. */
export function bootWaitWords() {
  const wordsIn = (locale: "ko-KR" | "zh-TW") => ({
    loading: translate("common.loading", locale),
    slow: translate("transport.slowNetwork", locale),
    retry: translate("common.retry", locale),
  });
  return { "ko-KR": wordsIn("ko-KR"), "zh-TW": wordsIn("zh-TW") };
}

/**
 * Centred on a white sheet over the page; the spinner turns in 8 steps a second, not 60 frames:
 * a phone with a slow CPU is parsing the app meanwhile, and each frame costs it.
 */
export const bootWaitStyle = [
  "#boot-wait{position:fixed;inset:0;z-index:1000;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:0 24px;background:#fff;color:#4f5a6b;font:15px/1.4 system-ui,sans-serif;text-align:center}",
  "#boot-wait :lang(ko){word-break:keep-all}",
  "#boot-wait i{width:28px;height:28px;border:3px solid #1d4f9c;border-right-color:transparent;border-radius:50%;animation:boot-wait-spin 1s steps(8) infinite}",
  "@keyframes boot-wait-spin{to{transform:rotate(360deg)}}",
  "#boot-wait button{min-height:44px;padding:0 16px;border:1px solid #1d4f9c;border-radius:10px;background:#fff;color:#1d4f9c;font:600 15px/1.25 system-ui,sans-serif}",
].join("");

/** The wait's script, minified, as an IIFE for an inline `<script>`. */
export async function bundleBootWait(): Promise<string> {
  const result = await build({
    input: scriptPath,
    write: false,
    platform: "browser",
    transform: { define: { __CHAYONG_BOOT_WAIT__: JSON.stringify(bootWaitWords()) } },
    output: { format: "iife", minify: true },
  });
  const [chunk] = result.output;
  if (chunk?.type !== "chunk") throw new Error("boot wait: the bundle has no script");
  return chunk.code;
}

export function bootWait(): Plugin {
  let code: Promise<string> | undefined;
  return {
    name: "chayong:boot-wait",
    transformIndexHtml: {
      order: "pre",
      async handler() {
        code ??= bundleBootWait();
        return [
          { tag: "style", children: bootWaitStyle, injectTo: "head" },
          {
            tag: "div",
            attrs: { id: "boot-wait", role: "status" },
            children: [{ tag: "i", attrs: { "aria-hidden": "true" } }],
            injectTo: "body",
          },
          { tag: "script", children: await code, injectTo: "body" },
        ];
      },
    },
  };
}
