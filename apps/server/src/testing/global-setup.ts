// Vitest global setup (vitest.config.ts): one migrated PGlite folder for the whole run, which
// every test server on the embedded default starts from (pglite-template.ts).
import { makePgliteTemplate, pgliteTemplateEnv, removePgliteTemplate } from "./pglite-template";

export default async function setup(): Promise<() => void> {
  const template = await makePgliteTemplate();
  // Test workers start after this and inherit the environment.
  process.env[pgliteTemplateEnv] = template;
  return () => removePgliteTemplate(template);
}
