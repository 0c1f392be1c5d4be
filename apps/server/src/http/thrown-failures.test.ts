import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageFor } from "../messages/message-for";
import { startTestServer, type TestServer } from "../testing/test-server";
import { failureForThrown, isStorageFull, storageProblem } from "./thrown-failures";

/** The kernel's own 'no space left on device': a write to /dev/full. */
function realDiskFull(): unknown {
  try {
    writeFileSync("/dev/full", "x");
  } catch (error) {
    return error;
  }
  throw new Error("/dev/full took the write");
}

const quiet = { error() {}, warn() {} };

describe("a full disk (docs/operations.md, 'A full disk')", () => {
  it("answers 503 'storage is full' for the kernel's ENOSPC, logs it and counts it", () => {
    const error = realDiskFull();
    expect((error as { code?: string }).code).toBe("ENOSPC");
    const logged: string[] = [];
    let counted = 0;
    const failure = failureForThrown(
      {
        metrics: { storageFull: () => (counted += 1) } as never,
        database: { availability: { suspect() {} } } as never,
      },
      // As Drizzle wraps a driver's error: the cause is what the disk said.
      new Error("insert failed", { cause: error }),
      { error: (_details, message) => logged.push(message), warn() {} },
      "contract.add",
    );
    expect(failure).toEqual({ status: 503, key: "server.storageFull" });
    expect(messageFor("server.storageFull", "ko-KR")).toMatch(/저장 공간/);
    expect(messageFor("server.storageFull", "zh-TW")).toMatch(/儲存空間/);
    expect(logged).toEqual(["storage full: the call was refused, nothing was written"]);
    expect(counted).toBe(1);
  });

  it("knows PostgreSQL's disk_full and leaves other errors to be 500s", () => {
    expect(
      isStorageFull(Object.assign(new Error("could not extend file"), { code: "53100" })),
    ).toBe(true);
    expect(isStorageFull(new Error("syntax error"))).toBe(false);
    expect(
      failureForThrown(
        { metrics: null, database: { availability: { suspect() {} } } as never },
        new TypeError("a bug"),
        quiet,
        null,
      ),
    ).toBeNull();
  });

  it("measures free space against the floor", async () => {
    expect(await storageProblem(["/tmp"], 0)).toBeNull();
    expect(await storageProblem(["/tmp"], Number.MAX_SAFE_INTEGER)).toMatch(/^\/tmp: \d+ MB free/);
  });

  describe("readiness", () => {
    let ts: TestServer;
    beforeAll(async () => {
      // A floor no disk meets: the server says it is not ready to take writes.
      ts = await startTestServer({ CHAYONG_MIN_FREE_MB: String(1024 * 1024 * 1024) });
    });
    afterAll(async () => {
      await ts?.close();
    });

    it("answers 503 on /readyz while a disk it writes to is under the floor", async () => {
      const answer = await fetch(`${ts.url}/readyz`);
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { reason: string }).reason).toMatch(
        /^storage nearly full: .* MB free, under the \d+ MB floor$/,
      );
      // Liveness does not ask: the process still answers.
      expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
    });
  });
});
