// Splits each compiled catalog (src/locales/<locale>/messages.mjs, written by `lingui compile`)
// into its boot and rest parts (boot.mjs, rest.mjs beside it; see src/boot-messages.ts), in the
// same form lingui writes. Run by `i18n:compile`, so every build, dev and test run has them.
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isBootMessage } from "../src/boot-messages.ts";

const localesDir = join(import.meta.dirname, "..", "src", "locales");

function moduleOf(messages: Record<string, unknown>): string {
  return `/*eslint-disable*/export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
}

for (const locale of readdirSync(localesDir)) {
  const dir = join(localesDir, locale);
  const { messages } = (await import(pathToFileURL(join(dir, "messages.mjs")).href)) as {
    messages: Record<string, unknown>;
  };
  const entries = Object.entries(messages);
  const boot = Object.fromEntries(entries.filter(([id]) => isBootMessage(id)));
  const rest = Object.fromEntries(entries.filter(([id]) => !isBootMessage(id)));
  writeFileSync(join(dir, "boot.mjs"), moduleOf(boot));
  writeFileSync(join(dir, "rest.mjs"), moduleOf(rest));
  console.info(
    `${locale}: ${Object.keys(boot).length} boot + ${Object.keys(rest).length} rest messages`,
  );
}
