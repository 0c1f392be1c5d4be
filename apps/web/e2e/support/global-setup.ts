import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  demoLenderPhone,
  identityLenderPhone,
  secondLenderPhone,
  specLenderPhones,
  statisticsLenderPhone,
} from "./app";

const webDir = resolve(import.meta.dirname, "..", "..");
const serverDir = resolve(webDir, "..", "server");
const serverMain = resolve(serverDir, "dist", "main.js");

/** The customer-service contact the operator sets up (docs/entities.md#service-config Customer-service config). */
export const e2eServiceContact = {
  line: "chayong_help",
  lineUrl: "https://line.me/R/ti/p/@chayong_help",
};

/** A port nobody listens on right now (the rules: never a fixed port). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail()));
    });
  });
}

async function waitUntilServing(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`the server exited (${server.exitCode}) before serving:\n${log()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the server did not serve ${url} within 60 s:\n${log()}`);
}

/**
 * Starts the real API server (embedded default, test mode) on a fresh temp data folder and a
 * random free port, serving the built web app; the tests reach it at CHAYONG_E2E_BASE_URL.
 */
export default async function globalSetup() {
  // `pnpm turbo run test:e2e` builds both first (turbo.json); run alone, Playwright needs them built.
  const webIndex = join(process.env.CHAYONG_E2E_WEB_DIR ?? join(webDir, "dist"), "index.html");
  for (const built of [serverMain, webIndex]) {
    if (!existsSync(built)) {
      throw new Error(
        `${built} is missing: build first (pnpm turbo run build --filter=@chayong/web...), or run pnpm turbo run test:e2e`,
      );
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), "chayong-web-e2e-"));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    CHAYONG_DATA_DIR: dataDir,
    CHAYONG_TEST_MODE: "1",
    // Every spec logs in from this one address: the per-address SMS limit (30 an hour, tested
    // in the server's suite) would refuse the suite's later logins.
    CHAYONG_SMS_IP_HOURLY_LIMIT: "500",
    // CHAYONG_E2E_WEB_DIR: a copy of the build, when others rebuild dist/ on a shared machine.
    CHAYONG_WEB_DIR: process.env.CHAYONG_E2E_WEB_DIR ?? join(webDir, "dist"),
  };
  // Operator set-up before the server holds the data folder: the demo lender as the embedded
  // default would make it (it makes one only when no lender exists), a second lender for the
  // specs that must not share the demo lender's SMS cooldown, and the customer-service contact.
  const lenders: [phone: string, name: string, merchant: string][] = [
    [demoLenderPhone, "Demo Lender", "Demo Merchant"],
    [secondLenderPhone, "김대여", "김씨상회"],
    [identityLenderPhone, "박대여", "박씨상회"],
    [statisticsLenderPhone, "최대여", "최씨상회"],
    ...Object.values(specLenderPhones).map((phone, index): [string, string, string] => [
      phone,
      `대여자${index + 1}`,
      "김씨상회",
    ]),
  ];
  // In this process, on one opening of the data folder: a CLI process per command spent about
  // 2 s of the suite's start on loading Node and the server, and each opening of the embedded
  // database about 1 s more.
  const { runOperatorCommands } = await import("@chayong/server");
  const commands = [
    ...lenders.map(([phone, name, merchant]) => [
      "lender:add",
      "--phone",
      phone,
      "--name",
      name,
      "--merchant",
      merchant,
    ]),
    [
      "config:set-service",
      "--line",
      e2eServiceContact.line,
      "--line-url",
      e2eServiceContact.lineUrl,
    ],
  ];
  const results = await runOperatorCommands(commands, { ...env, LOG_LEVEL: "silent" });
  const failed = results.find((result) => result.exitCode !== 0);
  if (failed !== undefined || results.length !== commands.length) {
    const command = commands[results.length - 1]?.join(" ");
    throw new Error(`operator set-up, ${command}: ${failed?.output ?? "not every command ran"}`);
  }
  let output = "";
  const server = spawn(process.execPath, [serverMain], {
    cwd: serverDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${baseUrl}/`, server, () => output);
  process.env.CHAYONG_E2E_BASE_URL = baseUrl;
  process.env.CHAYONG_E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((done) => {
      if (server.exitCode !== null) done(undefined);
      else server.once("exit", done);
    });
    if (process.env.CHAYONG_E2E_KEEP_DATA !== "1")
      rmSync(dataDir, { recursive: true, force: true });
  };
}
