// Writes API.md from the endpoint table (run through `pnpm --filter @chayong/sdk api-doc`,
// which builds first). src/api-reference.test.ts fails when the committed file is stale.
import { writeFileSync } from "node:fs";
import { renderApiReference } from "../dist/server.js";

const target = new URL("../API.md", import.meta.url);
writeFileSync(target, renderApiReference());
console.info(`wrote ${target.pathname}`);
