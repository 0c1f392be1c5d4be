import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dropSchema } from "../testing/test-database";
import { openDatabase } from "./database";

const url = process.env.TEST_DATABASE_URL?.trim() ?? "";

describe.skipIf(url === "")("opening PostgreSQL on a schema that does not exist yet", () => {
  it("lets processes starting together all open it (no race in CREATE SCHEMA)", async () => {
    // Without the lock around CREATE SCHEMA IF NOT EXISTS, 2 rounds of 15 failed here with a
    // unique violation in pg_namespace (and one CI run of the two-process test).
    for (let round = 0; round < 15; round++) {
      const schemaName = `t_open_${randomBytes(6).toString("hex")}`;
      try {
        const opened = await Promise.allSettled(
          Array.from({ length: 4 }, () => openDatabase({ kind: "postgres", url }, schemaName)),
        );
        for (const outcome of opened) {
          if (outcome.status === "fulfilled" && outcome.value.ok) {
            await outcome.value.database.close();
          }
        }
        expect(opened.map((outcome) => outcome.status)).toEqual(Array(4).fill("fulfilled"));
      } finally {
        await dropSchema(url, schemaName);
      }
    }
  });
});
