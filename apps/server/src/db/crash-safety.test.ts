import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, type ContractTerms, todayIn } from "@chayong/domain";
import type { Api } from "@chayong/sdk";
import { codecSettingsFromEnv } from "@chayong/transport";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseConfig } from "../config/config";
import {
  loadInstalmentStates,
  loadLedger,
  readModelOf,
  sameStates,
} from "../contracts/contract-store";
import { borrowerAPhone, contractDraft } from "../testing/fixtures";
import { mulberry32 } from "../testing/id-cards";
import { verifyBorrower } from "../testing/identity-kit";
import { copyPgliteTemplate } from "../testing/pglite-template";
import { signaturePng } from "../testing/png";
import { processClient } from "../testing/process-client";
import { type ServerProcess, startServerProcess } from "../testing/server-process";
import { dropSchema } from "../testing/test-database";
import { demoLenderPhone } from "../testing/test-server";
import { type Database, openDatabase } from "./database";
import { contractSignatures, contracts, moneyOperations, templates } from "./schema";

/**
 * Crash safety (issue #14): the real server runs as a child process on one data folder (or one
 * PostgreSQL schema) while clients add contracts, sign them, record repayments and add
 * templates; it is killed with SIGKILL at a seeded random moment and started again on the same
 * data. Every write the server acknowledged must be there, complete, and every contract's stored
 * read model must equal the replay of its ledger. The child runs the TypeScript sources with
 * Node's type stripping, so the test needs no build of apps/server (CI builds and tests at once).
 */
const seed = Number(process.env.CHAYONG_CRASH_SEED ?? 14);
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() ?? "";
// Ten on the embedded default, whose files this process's own writes keep; four on PostgreSQL,
// whose durability is its own (the acknowledgement order under test is the same code): 88 s of
// CI time there for ten.
const cycles = Number(process.env.CHAYONG_CRASH_CYCLES ?? (postgresUrl ? 4 : 10));

interface Acknowledged {
  contracts: Map<string, { signed: boolean }>;
  templates: Map<string, string>;
  /** Idempotency key -> contract id of every acknowledged repayment. */
  repayments: Map<string, string>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The state letter of /proc/<pid>/stat ("Z" for a zombie), or null when it is gone. */
function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  } catch {
    return null;
  }
}

describe("crash safety: kill -9 while writing, restart on the same data (issue #14)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "chayong-crash-"));
  const schemaName = postgresUrl ? `t_${randomBytes(8).toString("hex")}` : "public";
  const database: DatabaseConfig = postgresUrl
    ? { kind: "postgres", url: postgresUrl }
    : { kind: "pglite", dataDir };
  let server: ServerProcess | null = null;
  // The first start opens the run's migrated database, as every test database starts: the
  // subject is the restarts after kill -9, not initdb.
  if (!postgresUrl) copyPgliteTemplate(dataDir);

  afterAll(async () => {
    if (server !== null && server.child.exitCode === null) server.child.kill("SIGKILL");
    if (postgresUrl) await dropSchema(postgresUrl, schemaName);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const port = freePort();
  const childEnv = async (): Promise<NodeJS.ProcessEnv> => {
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (!name.startsWith("CHAYONG_") && name !== "DATABASE_URL" && name !== "NODE_OPTIONS") {
        env[name] = value;
      }
    }
    for (const name of ["CHAYONG_CIPHER_KEY", "CHAYONG_CIPHER_IV"]) {
      if (process.env[name] !== undefined) env[name] = process.env[name];
    }
    Object.assign(env, {
      PORT: String(await port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      CHAYONG_TEST_MODE: "1",
      CHAYONG_DEMO_LENDER: "1",
      CHAYONG_DEMO_LENDER_PHONE: demoLenderPhone,
      CHAYONG_WEB_DIR: "none",
      CHAYONG_DATA_DIR: dataDir,
      CHAYONG_FILES_DIR: join(dataDir, "files"),
    });
    if (postgresUrl) {
      Object.assign(env, {
        DATABASE_URL: postgresUrl,
        CHAYONG_DATABASE_SCHEMA: schemaName,
        CHAYONG_IDENTITY_KEYS: `crash:${identityKey}`,
        CHAYONG_IDENTITY_LOOKUP_KEY: lookupKey,
      });
    }
    return env;
  };
  const identityKey = randomBytes(32).toString("base64");
  const lookupKey = randomBytes(32).toString("base64");

  /** Starts `src/main.ts` (the sources, no build needed) and resolves once it listens. */
  async function startChild(): Promise<void> {
    const env = Object.fromEntries(
      Object.entries(await childEnv()).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    // A restart after kill -9 recovers the database first; the default start time-out allows it.
    server = await startServerProcess(env);
  }

  async function client(phone: string): Promise<Api> {
    const signedIn = processClient(`http://127.0.0.1:${await port}`, {
      adid: "crash-test",
      cipher: codecSettingsFromEnv(process.env),
      timeoutMs: 60_000,
    });
    await signedIn.logIn(phone);
    return signedIn.api;
  }

  /** Busy-waits (no await: nothing may reap the child meanwhile) until the killed child is a zombie. */
  function awaitZombie(pid: number): boolean {
    const until = Date.now() + 5000;
    for (;;) {
      const state = processState(pid);
      if (state === "Z") return true;
      if (state === null || Date.now() > until) return false;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
    }
  }

  /** Every acknowledged write is stored whole, and each read model equals its ledger's replay. */
  async function verify(db: Database["db"], acknowledged: Acknowledged) {
    const contractIds = [...acknowledged.contracts.keys()];
    const stored = contractIds.length
      ? await db.select().from(contracts).where(inArray(contracts.id, contractIds))
      : [];
    expect(stored.map((row) => row.id).sort()).toEqual(contractIds.sort());
    const signed = contractIds.filter((id) => acknowledged.contracts.get(id)?.signed);
    const signatures = signed.length
      ? await db
          .select()
          .from(contractSignatures)
          .where(inArray(contractSignatures.contractId, signed))
      : [];
    expect(signatures.map((row) => row.contractId).sort()).toEqual(signed.sort());
    const templateIds = [...acknowledged.templates.keys()];
    const storedTemplates = templateIds.length
      ? await db.select().from(templates).where(inArray(templates.id, templateIds))
      : [];
    expect(new Map(storedTemplates.map((row) => [row.id, row.name]))).toEqual(
      acknowledged.templates,
    );
    const keys = [...acknowledged.repayments.keys()];
    const operations = keys.length
      ? await db.select().from(moneyOperations).where(inArray(moneyOperations.idempotencyKey, keys))
      : [];
    expect(new Map(operations.map((row) => [row.idempotencyKey, row.contractId]))).toEqual(
      acknowledged.repayments,
    );
    // All contracts, acknowledged or caught mid-write: the read model is the ledger's replay.
    for (const row of await db.select().from(contracts)) {
      const ledger = await loadLedger(db, row.id);
      const expected = readModelOf(
        row.terms as ContractTerms,
        ledger,
        todayIn(row.timeZone, new Date()),
      );
      const states = (await loadInstalmentStates(db, [row.id])).get(row.id) ?? [];
      expect(sameStates(states, expected.states), `contract ${row.id}`).toBe(true);
      expect({
        repaidAmount: row.repaidAmount,
        waivedAmount: row.waivedAmount,
        principalOutstanding: row.principalOutstanding,
        ledgerSeq: row.ledgerSeq,
      }).toEqual({
        repaidAmount: expected.columns.repaidAmount,
        waivedAmount: expected.columns.waivedAmount,
        principalOutstanding: expected.columns.principalOutstanding,
        ledgerSeq: expected.columns.ledgerSeq,
      });
    }
  }

  it(`keeps every acknowledged write through ${cycles} kill -9 and restarts (seed ${seed})`, async () => {
    const random = mulberry32(seed);
    const acknowledged: Acknowledged = {
      contracts: new Map(),
      templates: new Map(),
      repayments: new Map(),
    };
    await startChild();
    const lender = await client(demoLenderPhone);
    const borrower = await client(borrowerAPhone);
    // Signing needs a verified borrower: once, through the real API and engines.
    await verifyBorrower({ api: borrower }, { seed: 1 });
    let zombiesSeen = 0;
    let writesAcknowledged = 0;

    for (let cycle = 0; cycle < cycles; cycle++) {
      let killed = false;
      const today = todayIn("Asia/Seoul", new Date());
      const acknowledge = () => {
        writesAcknowledged++;
      };
      const contractLoop = async () => {
        while (!killed) {
          const signedIds = [...acknowledged.contracts]
            .filter(([, c]) => c.signed)
            .map(([id]) => id);
          if (signedIds.length > 0 && random() < 0.5) {
            const id = signedIds[Math.floor(random() * signedIds.length)] as string;
            const idempotencyKey = randomUUID().replaceAll("-", "");
            await lender.contract.repay({
              id,
              idempotencyKey,
              instalmentIndex: 1,
              repaymentAmount: 1_000,
              receivedOn: today,
            });
            acknowledged.repayments.set(idempotencyKey, id);
            acknowledge();
            continue;
          }
          const contract = await lender.contract.add(
            contractDraft(borrowerAPhone, {
              loanDate: today,
              repaymentDate: addDays(today, 31),
              instalment: true,
              instalmentCount: 3,
              instalmentAmount: 340_000,
            }),
          );
          acknowledged.contracts.set(contract.id, { signed: false });
          acknowledge();
          await borrower.contract.open({ code: contract.code });
          await borrower.contract.sign({ id: contract.id, signature: signaturePng() });
          acknowledged.contracts.set(contract.id, { signed: true });
          acknowledge();
        }
      };
      const templateLoop = async () => {
        while (!killed) {
          const name = `T ${cycle}-${randomBytes(3).toString("hex")}`;
          const template = await lender.template.add({
            name,
            lender: "Kim",
            merchantName: "Kim Co",
          });
          acknowledged.templates.set(template.id, name);
          acknowledge();
        }
      };
      // A failure after the kill is expected (the server is gone); before it, it is a defect.
      let failureBeforeKill: unknown = null;
      const loops = [contractLoop(), templateLoop()].map((loop) =>
        loop.catch((error: unknown) => {
          if (!killed) failureBeforeKill ??= error;
        }),
      );
      await new Promise((done) => setTimeout(done, 300 + random() * 2500));
      const pid = server?.child.pid as number;
      killed = true;
      process.kill(pid, "SIGKILL");
      if (awaitZombie(pid)) zombiesSeen++;
      if (database.kind === "pglite") {
        // Opened before this process had a chance to reap the child: the lock must see that a
        // zombie holds nothing.
        const opened = await openDatabase(database, schemaName);
        expect(
          opened.ok,
          `the data folder lock refused a restart after kill -9 (cycle ${cycle})`,
        ).toBe(true);
        if (!opened.ok) return;
        await Promise.all(loops);
        if (failureBeforeKill !== null) throw failureBeforeKill;
        try {
          await verify(opened.database.db, acknowledged);
        } finally {
          await opened.database.close();
        }
      } else {
        await Promise.all(loops);
        if (failureBeforeKill !== null) throw failureBeforeKill;
        const opened = await openDatabase(database, schemaName);
        if (!opened.ok) throw new Error("unreachable");
        try {
          await verify(opened.database.db, acknowledged);
        } finally {
          await opened.database.close();
        }
      }
      await startChild();
    }
    console.info(
      `crash safety (${database.kind}, seed ${seed}): ${cycles} kills, ${writesAcknowledged} acknowledged writes (${acknowledged.contracts.size} contracts, ${acknowledged.repayments.size} repayments, ${acknowledged.templates.size} templates), ${zombiesSeen} restarts past a zombie`,
    );
    // The last start serves what came before it (the list is paged: ask for recent names).
    for (const name of [...acknowledged.templates.values()].slice(-5)) {
      const found = await lender.template.query({ name });
      expect(found.map((template) => template.name)).toContain(name);
    }
    await server?.stop();
  }, 600_000);
});
