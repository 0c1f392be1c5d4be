import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, todayIn } from "@chayong/domain";
import { afterAll, describe, expect, it } from "vitest";
import { readMigrations } from "../db/migrate";
import { contractDraft } from "../testing/fixtures";
import { verifyBorrower } from "../testing/identity-kit";
import { copyPgliteTemplate } from "../testing/pglite-template";
import { signaturePng } from "../testing/png";
import { type ProcessSession, processClient } from "../testing/process-client";
import { type ServerProcess, startServerProcess } from "../testing/server-process";
import type { BackupManifest } from "./backup";
import { runOperatorCommand } from "./commands";
import { copyEntry, readTarEntries, TarWriter } from "./tar-archive";

const lenderPhone = "01020260101";
const borrowerPhone = "01011112222";
const key = () => randomUUID().replaceAll("-", "");
/** One app user through the real SDK; its session (a token) can be carried to another server. */
function user(baseUrl: string, session?: ProcessSession) {
  return processClient(baseUrl, {
    adid: "backup-test",
    // A fresh process loads the face models on its first check, which judges nine images (the
    // capture, six liveness frames, the card's two photos): past 50 s on a loaded CI machine.
    timeoutMs: 150_000,
    ...(session ? { session } : {}),
  });
}

/** Signed image addresses expire and are signed anew on each read: compare them without that. */
function withoutSignatures(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, field: unknown) =>
    typeof field === "string" && field.includes("signature=") ? field.split("?")[0] : field,
  );
}

async function manifestOf(file: string): Promise<BackupManifest> {
  const handle = await open(file, "r");
  try {
    for await (const entry of readTarEntries(handle)) {
      if (entry.path !== "manifest.json") continue;
      const chunks: Uint8Array[] = [];
      await copyEntry(handle, entry, async (chunk) => {
        chunks.push(Uint8Array.from(chunk));
      });
      return JSON.parse(Buffer.concat(chunks).toString("utf8")) as BackupManifest;
    }
  } finally {
    await handle.close();
  }
  throw new Error("no manifest");
}

/** A well-formed archive whose manifest says `overrides` (its database is not one). */
async function writeArchive(file: string, overrides: Partial<BackupManifest>) {
  const handle = await open(file, "w");
  try {
    const tar = new TarWriter(handle, new Date());
    const entries: BackupManifest["entries"] = [];
    const add = async (path: string, text: string) => {
      const bytes = new TextEncoder().encode(text);
      entries.push({ path, size: bytes.byteLength, sha256: await tar.add(path, bytes) });
    };
    await add(
      "chayong-backup.json",
      JSON.stringify({ format: "chayong-backup", formatVersion: 1 }),
    );
    await add("database.tar.gz", "not a database");
    const manifest: BackupManifest = {
      format: "chayong-backup",
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      database: { engine: "pglite", schema: "public" },
      migrations: [],
      counts: { contracts: 0, ledgerEntries: 0, uploadedFiles: 0 },
      entries,
      ...overrides,
    };
    await tar.add("manifest.json", new TextEncoder().encode(JSON.stringify(manifest)));
    await tar.finish();
  } finally {
    await handle.close();
  }
}

/**
 * Backups of the embedded default (README, "Operator commands"): a real server process on a real
 * data folder (database, identity keys file, uploaded files), stopped, backed up, restored into a
 * fresh folder, and a new server process on it answers the same through the SDK.
 */
describe.skipIf(process.env.TEST_DATABASE_URL?.trim())(
  "backup and restore of the embedded data folder (the pglite project only: it is the data folder's)",
  () => {
    const root = mkdtempSync(join(tmpdir(), "chayong-backup-test-"));
    const dataDir = join(root, "data");
    const restoredDir = join(root, "restored");
    const backupFile = join(root, "chayong-backup.tar");
    const serverEnv = (folder: string) => ({
      CHAYONG_DATA_DIR: folder,
      PORT: "0",
      HOST: "127.0.0.1",
      CHAYONG_TEST_MODE: "1",
      CHAYONG_WEB_DIR: "none",
      // OCR stays on (the default): confirming the ID card masks its number (docs/identity.md).
      LOG_LEVEL: "warn",
    });
    // The operator's environment: the server's, without a database URL.
    const operatorEnv = { CHAYONG_DATA_DIR: dataDir, CHAYONG_WEB_DIR: "none" };
    let running: ServerProcess | undefined;

    afterAll(async () => {
      await running?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    it("restores contracts, money, identity and uploaded files into a fresh folder", async () => {
      // The folder starts from the run's migrated database (no initdb, as with every test
      // database); the operator adds the lender before the server process starts on it.
      copyPgliteTemplate(dataDir);
      const added = await runOperatorCommand(
        ["lender:add", "--phone", lenderPhone, "--name", "Kim"],
        operatorEnv,
      );
      expect(added.exitCode, added.output).toBe(0);
      running = await startServerProcess(serverEnv(dataDir));
      const lender = user(running.url);
      const borrower = user(running.url);
      await lender.logIn(lenderPhone);
      await borrower.logIn(borrowerPhone);
      // Four uploaded photos, an ID number sealed with the folder's identity keys.
      await verifyBorrower(borrower, { seed: 3 });
      const today = todayIn("Asia/Seoul", new Date());
      const draft = contractDraft(borrowerPhone, {
        loanDate: today,
        repaymentDate: addDays(today, 31),
        instalment: true,
        instalmentCount: 3,
        instalmentAmount: 340_000,
      });
      const signed = await lender.api.contract.add(draft);
      await borrower.api.contract.open({ code: signed.code });
      await borrower.api.contract.sign({ id: signed.id, signature: signaturePng() });
      await lender.api.contract.repay({
        id: signed.id,
        idempotencyKey: key(),
        instalmentIndex: 1,
        repaymentAmount: 100_000,
        receivedOn: today,
        reason: "cash at the shop",
      });
      const pending = await lender.api.contract.add(
        contractDraft(borrowerPhone, { loanDate: today, repaymentDate: addDays(today, 31) }),
      );

      const read = async (of: {
        lender: typeof lender;
        borrower: typeof borrower;
        url: string;
      }) => {
        const identity = await of.borrower.api.identity.userDetail();
        const photo = await fetch(new URL(identity.frontPhotoUrl ?? "", of.url));
        return {
          contracts: await Promise.all(
            [signed.id, pending.id].map((id) => of.lender.api.contract.detail({ id })),
          ),
          ledger: await of.lender.api.contract.ledger({ id: signed.id }),
          list: await of.lender.api.contract.query({ pageSize: 50 }),
          identity,
          photo: { status: photo.status, bytes: new Uint8Array(await photo.arrayBuffer()) },
          // The sealed PDF: the same bytes from the restored folder (docs/contract-pdf.md).
          sealedPdf: Buffer.from(await of.lender.api.contract.pdf({ id: signed.id })).toString(
            "base64",
          ),
        };
      };
      const before = await read({ lender, borrower, url: running.url });
      expect(before.ledger.entries).toEqual([
        expect.objectContaining({ kind: "repayment", amount: 100_000 }),
      ]);
      expect(before.identity.idNumberMasked).toMatch(/\*{6}$/);
      expect(before.photo.status).toBe(200);

      // While the server holds the folder, the command refuses and writes nothing.
      const refused = await runOperatorCommand(["backup", "--to", backupFile], operatorEnv);
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toMatch(/in use by the running server/);
      expect(existsSync(backupFile)).toBe(false);
      expect(await running.stop()).toBe(0);
      running = undefined;

      const backedUp = await runOperatorCommand(["backup", "--to", backupFile], operatorEnv);
      expect(backedUp.exitCode, backedUp.output).toBe(0);
      // The live capture, its six liveness frames, the card's back, and the masked copies of the
      // front and the holding photo (the clear ones are deleted: docs/identity.md), and the signed
      // contract's sealed PDF (docs/contract-pdf.md).
      expect(backedUp.output).toMatch(/2 contracts, 11 stored files \(uploads and sealed PDFs\)/);
      const manifest = await manifestOf(backupFile);
      expect(manifest).toMatchObject({
        format: "chayong-backup",
        formatVersion: 1,
        migrations: readMigrations().map((migration) => migration.tag),
        counts: { contracts: 2, uploadedFiles: 11 },
      });
      expect(manifest.entries.map((entry) => entry.path)).toContain("identity-keys.json");
      expect(manifest.entries.map((entry) => entry.path)).toContain("signing.p12");
      // An existing file is replaced only with --force.
      const again = await runOperatorCommand(["backup", "--to", backupFile], operatorEnv);
      expect([again.exitCode, again.output]).toEqual([
        1,
        `${backupFile} exists; give --force to replace it`,
      ]);
      const forced = await runOperatorCommand(
        ["backup", "--to", backupFile, "--force"],
        operatorEnv,
      );
      expect(forced.exitCode, forced.output).toBe(0);
      expect(readdirSync(root).sort()).toEqual(["chayong-backup.tar", "data"]);

      const restored = await runOperatorCommand(
        ["restore", "--from", backupFile, "--data-dir", restoredDir],
        operatorEnv,
      );
      expect(restored.exitCode, restored.output).toBe(0);
      expect(restored.output).toMatch(/2 contracts, 11 stored files/);
      expect(readdirSync(restoredDir).sort()).toEqual([
        "files",
        "identity-keys.json",
        "pgdata",
        "signing.p12",
      ]);

      // The restored folder, not the original, serves the same: sessions, contracts, ledger, the
      // sealed ID number and the photos.
      rmSync(dataDir, { recursive: true, force: true });
      running = await startServerProcess(serverEnv(restoredDir));
      const after = await read({
        lender: user(running.url, lender.session),
        borrower: user(running.url, borrower.session),
        url: running.url,
      });
      expect(withoutSignatures(after)).toEqual(withoutSignatures(before));
      expect(after.photo.status).toBe(200);
      expect(after.contracts.map((contract) => contract.id)).toEqual([signed.id, pending.id]);
      expect(await running.stop()).toBe(0);
      running = undefined;
      // Two server starts (a fresh folder's initdb), identity verification: slow on a busy machine.
    }, 360_000);

    it("refuses a non-empty folder, a damaged or cut-short backup and a foreign file", async () => {
      expect(existsSync(backupFile)).toBe(true);
      const restore = (from: string, target: string) =>
        runOperatorCommand(["restore", "--from", from, "--data-dir", target], operatorEnv);

      const occupied = mkdtempSync(join(root, "occupied-"));
      writeFileSync(join(occupied, "notes.txt"), "mine");
      const notEmpty = await restore(backupFile, occupied);
      expect(notEmpty.exitCode).toBe(1);
      expect(notEmpty.output).toMatch(/is not empty: restore only into a new or empty folder/);
      expect(readdirSync(occupied)).toEqual(["notes.txt"]);

      const bytes = readFileSync(backupFile);
      const damaged = Buffer.from(bytes);
      // A byte inside the database dump (the second entry, after two 512-byte headers).
      damaged[4096] = (damaged[4096] ?? 0) ^ 0xff;
      const cases: [string, Uint8Array, RegExp][] = [
        ["damaged.tar", damaged, /database\.tar\.gz is damaged \(its SHA-256 differs\)/],
        ["cut.tar", bytes.subarray(0, Math.floor(bytes.byteLength / 2)), /cut short/],
        ["foreign.txt", Buffer.from("just some text\n".repeat(100)), /is not a Chayong backup/],
      ];
      for (const [name, content, message] of cases) {
        const file = join(root, name);
        writeFileSync(file, content);
        const target = join(root, `restore-${name}`);
        const refused = await restore(file, target);
        expect([name, refused.exitCode]).toEqual([name, 1]);
        expect(refused.output).toMatch(/is not a usable Chayong backup/);
        expect(refused.output).toMatch(message);
        // Nothing is left behind: the folder made for the restore is gone again.
        expect(existsSync(target)).toBe(false);
      }

      // Whole and checked, but from a newer server: refused before the folder is touched.
      const newer: [string, Partial<BackupManifest>, RegExp][] = [
        ["future-migration.tar", { migrations: ["9999_future"] }, /made by a newer server/],
        ["future-format.tar", { formatVersion: 2 }, /format version 2, made by a newer server/],
      ];
      for (const [name, manifest, message] of newer) {
        const file = join(root, name);
        await writeArchive(file, manifest);
        const target = join(root, `restore-${name}`);
        const refused = await restore(file, target);
        expect([refused.exitCode, refused.output]).toEqual([1, expect.stringMatching(message)]);
        expect(existsSync(target)).toBe(false);
      }
    }, 120_000);
  },
);

describe("backup and restore on PostgreSQL, and their arguments", () => {
  it("on PostgreSQL, says to use pg_dump; explains missing arguments", async () => {
    const backupFile = join(tmpdir(), "chayong-backup-never-written.tar");
    const operatorEnv = {
      CHAYONG_DATA_DIR: join(tmpdir(), "chayong-no-data"),
      CHAYONG_WEB_DIR: "none",
    };
    const postgres = { DATABASE_URL: "postgres://app@db:5432/chayong" };
    for (const args of [
      ["backup", "--to", backupFile],
      ["restore", "--from", backupFile],
    ]) {
      const answer = await runOperatorCommand(args, postgres);
      expect(answer.exitCode).toBe(2);
      expect(answer.output).toMatch(/pg_dump/);
    }
    expect((await runOperatorCommand(["backup"], operatorEnv)).output).toMatch(
      /backup needs --to <file>/,
    );
    expect((await runOperatorCommand(["restore", "--bogus"], operatorEnv)).exitCode).toBe(2);
    // A folder without a database, a backup file that is not there.
    expect(await runOperatorCommand(["backup", "--to", backupFile], operatorEnv)).toEqual({
      exitCode: 1,
      output: `${operatorEnv.CHAYONG_DATA_DIR} holds no embedded database: nothing to back up`,
    });
    expect(await runOperatorCommand(["restore", "--from", backupFile], operatorEnv)).toEqual({
      exitCode: 1,
      output: `${backupFile} is not a file`,
    });
    expect(existsSync(operatorEnv.CHAYONG_DATA_DIR)).toBe(false);
  });
});
