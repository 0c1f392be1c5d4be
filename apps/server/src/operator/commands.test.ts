import { readCustomerService } from "@chayong/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, operatorEnvFor } from "../testing/test-database";
import { startTestServer, type TestServer } from "../testing/test-server";
import { runOperatorCommand } from "./commands";

// Every command opens the database afresh, as an operator's shell would (PGlite: a few seconds
// each on a loaded 2-core CI machine, where one test of five commands took 21 s).
describe("operator commands", { timeout: 120_000 }, () => {
  let ts: TestServer | undefined;
  afterEach(async () => {
    await ts?.close();
    ts = undefined;
  });

  it("lender:add makes a phone a lender, config:set-service sets what the config endpoint serves", async () => {
    ts = await startTestServer();
    const env = operatorEnvFor(ts.database);
    if (ts.database.config.kind === "pglite") {
      // The embedded database allows one process: the command refuses while the server runs.
      const refused = await runOperatorCommand(
        ["lender:add", "--phone", "01055556666", "--name", "Park"],
        env,
      );
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toMatch(/in use by the running server/);
      await ts.server.close();
    }
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
    const imageOnly = await runOperatorCommand(
      ["config:set-service", "--line-img", "https://example.com/qr.png"],
      env,
    );
    expect(imageOnly.exitCode).toBe(0);

    if (ts.database.config.kind === "pglite") {
      // A new server on the same folder (it disposes of the folder when closed).
      const database = ts.database;
      ts = undefined;
      ts = await startTestServer({}, database);
    }
    const anyone = ts.client();
    expect(readCustomerService(await anyone.api.config.service({ configKey: "line" }))).toEqual({
      line_img: "https://example.com/qr.png",
      line: "@chayong",
      line_url: "https://line.me/R/ti/p/@chayong",
    });
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
});
