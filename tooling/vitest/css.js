// Stylesheet checks the kit and the app share (their styles.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Every .css file under `dir`, at any depth. */
export function cssFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? cssFiles(join(dir, entry.name))
      : entry.name.endsWith(".css")
        ? [join(dir, entry.name)]
        : [],
  );
}

/**
 * The rules under `dir` that keep words whole (`word-break: keep-all`) outside a Korean `:lang`
 * rule, as "file: selector". Korean breaks between words; Chinese has no spaces, so keep-all
 * there makes a sentence one word and starts a line with its comma.
 */
export function keepAllOutsideKorean(dir) {
  return cssFiles(dir).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/([^{};]+)\{([^{}]*)\}/g)]
      .filter(([, selector, body]) => body.includes("keep-all") && !selector.includes(":lang(ko)"))
      .map(([, selector]) => `${relative(dir, file)}: ${selector.trim()}`),
  );
}
