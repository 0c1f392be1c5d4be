// Vitest global setup (vitest.config.ts): a migrated and an empty PGlite folder for the whole run,
// which every test database on the embedded default starts from (pglite-template.ts).
import { makePgliteTemplate, pgliteTemplateEnv, removePgliteTemplate } from "./pglite-template";

export default async function setup(): Promise<() => void> {
  const [migrated, empty] = await Promise.all([
    makePgliteTemplate("migrated"),
    makePgliteTemplate("empty"),
  ]);
  // Test workers start after this and inherit the environment.
  process.env[pgliteTemplateEnv.migrated] = migrated;
  process.env[pgliteTemplateEnv.empty] = empty;
  return () => {
    removePgliteTemplate(migrated);
    removePgliteTemplate(empty);
  };
}
