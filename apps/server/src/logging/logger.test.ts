import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database";
import { createLogger } from "./logger";

function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger("info", stream) };
}

describe("the server log", () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("keeps a failed query's SQL and error code, never its parameters", async () => {
    const phone = "+821099998888";
    const failures: unknown[] = [];
    for (const query of [
      // A NUL cannot be stored in PostgreSQL text: the query fails with its parameters.
      sql`select ${phone}::text as phone, ${"a\u0000b"}::text as bad`,
      // A multi-line query and a multi-line parameter; PostgreSQL quotes the bad value.
      sql`select ${`reason\nsecond ${phone} line`}::text as reason,
        ${`${phone} 2024-02-30`}::timestamptz as bad`,
    ]) {
      try {
        await db.database.db.execute(query);
      } catch (error) {
        failures.push(error);
      }
    }
    expect(failures).toHaveLength(2);
    for (const failure of failures) {
      expect(String(failure)).toContain(phone); // Drizzle's own message holds the parameters...
      const { lines, logger } = captured();
      logger.error({ err: failure }, "call failed");
      const line = lines.join("");
      expect(line).not.toContain("99998888"); // ...the log line does not, anywhere.
      expect(line).toContain("select $1::text");
      expect(JSON.parse(line).err.cause.code).toMatch(/^22/);
    }
  });

  it("redacts phones and ID numbers in logged objects", () => {
    const { lines, logger } = captured();
    logger.info(
      { phone: "+821011112222", user: { phone: "+821033334444" }, idNumber: "900101-1234567" },
      "x",
    );
    const line = lines.join("");
    expect(line).not.toMatch(/\+8210|900101/);
    expect(JSON.parse(line)).toMatchObject({ phone: "[redacted]", user: { phone: "[redacted]" } });
  });
});
