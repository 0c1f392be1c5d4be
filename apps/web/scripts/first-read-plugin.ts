// The page's first reads (src/first-read/): their script bundled on its own and inlined in
// index.html's head, so a signed-in reader's first calls leave with the page, not after the
// app's code has downloaded and run (README "First screen on a slow phone").
import { fileURLToPath } from "node:url";
import { endpoints } from "@chayong/sdk";
import { bytesToHex, codecSettingsFromEnv } from "@chayong/transport";
import { build } from "rolldown";
import type { Plugin } from "vite";
import { packageName } from "../src/session/package-name";

const scriptPath = fileURLToPath(
  new URL("../src/first-read/first-read-script.ts", import.meta.url),
);

/** What the inline script is built with: the app's own wire settings and the table's paths. */
export interface FirstReadBuild {
  /** The API base URL, as the app reads it (`VITE_API_BASE_URL`, "/" by default). */
  baseUrl: string;
  /** Where the cipher key and IV are read from (CHAYONG_CIPHER_KEY / _IV), as vite.config.ts does. */
  env: Record<string, string | undefined>;
}

/** The first read's script, minified, as an IIFE for an inline `<script>`. */
export async function bundleFirstRead({ baseUrl, env }: FirstReadBuild): Promise<string> {
  const { key, iv } = codecSettingsFromEnv(env);
  const reads = ["user.current", "contract.query", "contract.open"] as const;
  const settings = {
    endpoints: Object.fromEntries(
      reads.map((id) => {
        const [area, name] = id.split(".") as [keyof typeof endpoints, string];
        const { method, path } = (
          endpoints[area] as Record<string, { method: string; path: string }>
        )[name] as { method: string; path: string };
        return [id, { method, path }];
      }),
    ),
    baseUrl,
    keyHex: bytesToHex(key),
    ivHex: bytesToHex(iv),
    packageName,
  };
  const result = await build({
    input: scriptPath,
    write: false,
    platform: "browser",
    transform: { define: { __CHAYONG_FIRST_READ__: JSON.stringify(settings) } },
    output: { format: "iife", minify: true },
  });
  const [chunk] = result.output;
  if (chunk?.type !== "chunk") throw new Error("first read: the bundle has no script");
  return chunk.code;
}

export function firstRead(env: FirstReadBuild["env"]): Plugin {
  let code: Promise<string> | undefined;
  let baseUrl = "/";
  return {
    name: "chayong:first-read",
    // The base URL as the app itself reads it: Vite's env, with its .env files.
    configResolved(config) {
      baseUrl = config.env.VITE_API_BASE_URL || "/";
    },
    transformIndexHtml: {
      order: "pre",
      async handler() {
        code ??= bundleFirstRead({ baseUrl, env });
        // After the head's meta tags (the charset must be in the first 1,024 bytes).
        return [{ tag: "script", children: await code, injectTo: "head" }];
      },
    },
  };
}
