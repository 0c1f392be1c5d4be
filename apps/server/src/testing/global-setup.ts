// Vitest global setup (vitest.config.ts): a migrated and an empty PGlite folder for the whole run,
// which every test database on the embedded default starts from (pglite-template.ts), and the
// folder where the test servers' engines keep their answers (remembered-engines.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makePgliteTemplate, pgliteTemplateEnv, removePgliteTemplate } from "./pglite-template";
import { engineAnswersEnv } from "./remembered-engines";

export default async function setup(): Promise<() => void> {
  const [migrated, empty] = await Promise.all([
    makePgliteTemplate("migrated"),
    makePgliteTemplate("empty"),
  ]);
  // Test workers start after this and inherit the environment.
  process.env[pgliteTemplateEnv.migrated] = migrated;
  process.env[pgliteTemplateEnv.empty] = empty;
  const engineAnswers = mkdtempSync(join(tmpdir(), "chayong-engine-answers-"));
  process.env[engineAnswersEnv] = engineAnswers;
  return () => {
    removePgliteTemplate(migrated);
    removePgliteTemplate(empty);
    rmSync(engineAnswers, { recursive: true, force: true });
  };
}
