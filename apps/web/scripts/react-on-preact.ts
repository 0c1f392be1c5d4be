import { fileURLToPath } from "node:url";

// The app is written against React's API and runs on Preact's (preact/compat): React DOM alone
// was 57 KB gzip of the 141 KB the order list needed before its first card (README "Bundle
// size"). The build and the dev server resolve react to it, so the browser tests (e2e/) run what
// ships; the unit tests run on React itself (README "Tests"). Absolute paths, so the UI kit's and
// the libraries' own imports of react resolve to it too (they do not depend on preact).
export const reactOnPreact = (
  [
    ["react-dom/client", "preact/compat/client"],
    ["react-dom", "preact/compat"],
    ["react/jsx-runtime", "preact/jsx-runtime"],
    ["react/jsx-dev-runtime", "preact/jsx-dev-runtime"],
    ["react", "preact/compat"],
  ] as const
).map(([react, preact]) => ({
  find: new RegExp(`^${react}$`),
  replacement: fileURLToPath(import.meta.resolve(preact)),
}));
