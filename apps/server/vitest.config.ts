import { baseProjectConfig } from "@chayong/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

// The integration suite runs on the embedded default (PGlite) always, and a second time on
// PostgreSQL when TEST_DATABASE_URL names one: the two engines users deploy on, one schema.
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() ?? "";

export default defineConfig(
  mergeConfig(baseProjectConfig, {
    test: {
      projects: [
        { test: { name: "pglite", env: { TEST_DATABASE_URL: "" } } },
        ...(postgresUrl
          ? [{ test: { name: "postgres", env: { TEST_DATABASE_URL: postgresUrl } } }]
          : []),
      ],
    },
  }),
);
