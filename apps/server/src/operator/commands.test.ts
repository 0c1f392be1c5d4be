import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readCustomerService } from "@chayong/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { encodeTestPng } from "../testing/png";
import { createTestDatabase, operatorEnvFor } from "../testing/test-database";
import { startTestServer, type TestServer } from "../testing/test-server";
import { runOperatorCommand, runOperatorCommands } from "./commands";

// Every command opens the database afresh, as an operator's shell would (PGlite: a few seconds
// each on a loaded 2-core CI machine, where one test of five commands took 21 s).
describe("operator commands", { timeout: 120_000 }, () => {
  let ts: TestServer | undefined;
  afterEach(async () => {
    await ts?.close();
    ts = undefined;
  });

  it("lender:add and config:set-service work while the server runs, a QR image going into the file store", async () => {
    ts = await startTestServer();
    // PGlite: the data folder is the running server's, so the commands go to it through its
    // socket (src/operator/operator-channel.ts); PostgreSQL: they open the database themselves.
    const files = ts.config.files;
    // The server's file store, as the operator's shell has it set.
    const env = {
      ...operatorEnvFor(ts.database),
      ...(files.kind === "local" ? { CHAYONG_FILES_DIR: files.root } : {}),
    };
    const added = await runOperatorCommand(
      [
        "lender:add",
        "--phone",
        "0912345678",
        "--name",
        "Chen",
        "--merchant",
        "Chen Loans",
        "--jurisdiction",
        "TW",
      ],
      env,
    );
    expect(added).toEqual({
      exitCode: 0,
      output: "Added lender +886912345678 (Chen). They log in with this phone and an SMS code.",
    });
    const again = await runOperatorCommand(
      ["lender:add", "--phone", "0912345678", "--name", "Chen Wei"],
      env,
    );
    expect(again.output).toMatch(/^Updated lender \+886912345678/);
    const service = await runOperatorCommand(
      ["config:set-service", "--line", "@chayong", "--line-url", "https://line.me/R/ti/p/@chayong"],
      env,
    );
    expect(service.exitCode).toBe(0);

    // A QR image from a file, into the file store and served by the server.
    const folder = mkdtempSync(join(tmpdir(), "chayong-qr-"));
    try {
      const qr = encodeTestPng(32, 32, (x, y) => (x + y) % 3 === 0);
      writeFileSync(join(folder, "qr.png"), qr);
      const imaged = await runOperatorCommand(
        ["config:set-service", "--line-img-file", join(folder, "qr.png")],
        env,
      );
      expect(imaged.exitCode, imaged.output).toBe(0);
      const contact = readCustomerService(
        await ts.client().api.config.service({ configKey: "line" }),
      );
      expect(contact).toMatchObject({
        line: "@chayong",
        line_url: "https://line.me/R/ti/p/@chayong",
      });
      expect(contact.line_img).toMatch(
        new RegExp(`^${ts.url}/api/v1/config/serviceImage/[0-9a-f]{64}\\.png$`),
      );
      const served = await fetch(contact.line_img);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(qr))).toBe(true);
      // Only the current image is served: nothing else of the file store.
      expect(
        (await fetch(`${ts.url}/api/v1/config/serviceImage/${"0".repeat(64)}.png`)).status,
      ).toBe(404);

      writeFileSync(join(folder, "notes.txt"), "not an image");
      const refused = await runOperatorCommand(
        ["config:set-service", "--line-img-file", join(folder, "notes.txt")],
        env,
      );
      expect(refused).toMatchObject({
        exitCode: 1,
        output: expect.stringMatching(/not a PNG, JPEG or WebP/),
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("explains its usage and refuses bad arguments", async () => {
    const database = createTestDatabase();
    try {
      const env = operatorEnvFor(database);
      expect((await runOperatorCommand([], env)).exitCode).toBe(2);
      expect(
        (await runOperatorCommand(["lender:add", "--phone", "01012345678"], env)).output,
      ).toMatch(/needs --phone and --name/);
      expect((await runOperatorCommand(["lender:add", "--bogus", "x"], env)).exitCode).toBe(2);
      expect(
        (await runOperatorCommand(["lender:add", "--phone", "12", "--name", "X"], env)).output,
      ).toMatch(/not a valid KR\/TW mobile number/);
      expect((await runOperatorCommand(["config:set-service"], env)).exitCode).toBe(2);
    } finally {
      await database.dispose();
    }
  });

  it("runs a set-up script on one opening, up to the first command that fails", async () => {
    const database = createTestDatabase();
    try {
      const env = operatorEnvFor(database);
      const results = await runOperatorCommands(
        [
          ["lender:add", "--phone", "01055550001", "--name", "Kim"],
          ["config:set-service", "--line", "@chayong"],
          ["lender:add", "--phone", "12", "--name", "Nobody"],
          ["lender:add", "--phone", "01055550002", "--name", "Lee"],
        ],
        env,
      );
      expect(results.map((result) => result.exitCode)).toEqual([0, 0, 1]);
      expect(results[2]?.output).toMatch(/not a valid KR\/TW mobile number/);
      // What ran before the failure is stored; what came after it never ran.
      expect(
        (await runOperatorCommand(["lender:add", "--phone", "01055550001", "--name", "Kim"], env))
          .output,
      ).toMatch(/^Updated lender/);
      expect(
        (await runOperatorCommand(["lender:add", "--phone", "01055550002", "--name", "Lee"], env))
          .output,
      ).toMatch(/^Added lender/);
      ts = await startTestServer({}, database);
      expect(
        readCustomerService(await ts.client().api.config.service({ configKey: "line" })),
      ).toMatchObject({ line: "@chayong" });
      // Backup and restore need the folder to themselves.
      expect(
        await runOperatorCommands(
          [
            ["lender:add", "--phone", "01055550003", "--name", "Park"],
            ["backup", "--to", join(tmpdir(), "never.tar")],
          ],
          env,
        ),
      ).toEqual([
        { exitCode: 2, output: "backup runs only on its own, not in a list of commands" },
      ]);
    } finally {
      await ts?.close();
      ts = undefined;
      await database.dispose();
    }
  });
});
