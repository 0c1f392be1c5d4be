import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config/config";
import { ServerStartError, startServer } from "../server";
import { copyPgliteTemplate } from "../testing/pglite-template";
import { identityKeysFileName } from "./identity-keys-file";

/**
 * The embedded default at start: it keeps its own identity keys in its data folder. Always on
 * PGlite, whatever the project's database: the postgres project skips it.
 */
describe.skipIf(process.env.TEST_DATABASE_URL?.trim())(
  "the server's identity keys on the embedded database",
  () => {
    const dirs: string[] = [];
    afterEach(() => {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    });
    /** A data folder holding the run's migrated database, as every test database starts. */
    const newDataDir = () => {
      const dataDir = mkdtempSync(join(tmpdir(), "chayong-identity-"));
      dirs.push(dataDir);
      copyPgliteTemplate(dataDir);
      return dataDir;
    };
    const configIn = (dataDir: string) => {
      const loaded = loadConfig({
        PORT: "0",
        CHAYONG_DATA_DIR: dataDir,
        CHAYONG_WEB_DIR: "none",
        LOG_LEVEL: "silent",
      });
      if (!loaded.ok) throw new Error("test config must be valid");
      return loaded.config;
    };

    it("makes them on first start and opens what it sealed after a restart", async () => {
      const dataDir = newDataDir();
      const first = await startServer({ config: configIn(dataDir) });
      const sealed = first.context.personalData.seal("900101-1234567");
      await first.close();
      expect(readFileSync(join(dataDir, identityKeysFileName), "utf8")).not.toContain("900101");
      const second = await startServer({ config: configIn(dataDir) });
      try {
        expect(second.context.personalData.open(sealed)).toBe("900101-1234567");
      } finally {
        await second.close();
      }
      // Two embedded-database starts: slow on a busy machine.
    }, 120_000);

    it("refuses to start over a damaged key file, naming it", async () => {
      const dataDir = newDataDir();
      writeFileSync(join(dataDir, identityKeysFileName), JSON.stringify({ current: {} }));
      const started = startServer({ config: configIn(dataDir) });
      await expect(started).rejects.toBeInstanceOf(ServerStartError);
      await expect(started).rejects.toThrow(/identity keys: .*identity-keys\.json/);
    });
  },
);
