import { baseProjectConfig } from "@chayong/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

// The integration suite runs on the embedded default (PGlite) always, and a second time on
// PostgreSQL when TEST_DATABASE_URL names one: the two engines users deploy on, one schema.
// The recognition engines' tests (`*.engine.test.ts`: OCR, face matching) touch no database,
// so they run once, in their own project.
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() ?? "";
const engineTests = "src/**/*.engine.test.ts";

export default defineConfig(
  mergeConfig(baseProjectConfig, {
    test: {
      // Vitest's default on a 2-core machine is one worker, which leaves a core idle while a
      // file waits on PostgreSQL, a child server process or tesseract: two files at a time.
      // Three saved 28 s of 1,362 in one CI run and raised the load: not worth it.
      maxWorkers: 2,
      // Files share each worker's modules (the shared `isolate: false`) instead of importing the
      // server afresh (Fastify, the engines, the PDF fonts): the suite on both engines went from
      // 16m53s to 10m50s on a shared 2-core machine (CPU 19.2 to 12.3 min). Every test starts its
      // own server on its own database, and no file mocks modules or stubs globals.
      // A file's beforeAll often starts a server and verifies a borrower (face matching).
      hookTimeout: 120_000,
      // One migrated PGlite folder per run, copied by each test server (src/testing/pglite-template.ts).
      globalSetup: ["src/testing/global-setup.ts"],
      // Many tests start their own server (a fresh PGlite database, migrations) inside the test:
      // on a 2-core CI machine also building and testing the web app and the kit that took 20-32 s
      // (request ceiling, read-model check, operator commands), over the 20 s default. A hang
      // still fails.
      testTimeout: 60_000,
      projects: [
        { test: { name: "pglite", env: { TEST_DATABASE_URL: "" }, exclude: [engineTests] } },
        ...(postgresUrl
          ? [
              {
                test: {
                  name: "postgres",
                  env: { TEST_DATABASE_URL: postgresUrl },
                  exclude: [engineTests],
                },
              },
            ]
          : []),
        {
          test: {
            name: "engines",
            include: [engineTests],
            // Every other test file is a database test (above).
            exclude: ["src/**/!(*.engine).test.ts"],
            // Each runs hundreds of recognitions (~45 s alone); on a 2-core CI machine they share
            // the cores with the database suites, so the bound is generous.
            testTimeout: 360_000,
          },
        },
      ],
    },
  }),
);
