import { randomBytes } from "node:crypto";
import { existsSync, openAsBlob, readdirSync, statSync } from "node:fs";
import { chmod, link, mkdir, open, readdir, readFile, rename, rm, unlink } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import {
  type FileStoreConfig,
  type ServerConfig,
  signingCertificateFileName,
} from "../config/config";
import { lockDataDir } from "../db/data-dir-lock";
import { pgliteDataPath, quoteIdentifier } from "../db/database";
import { readMigrations } from "../db/migrate";
import {
  createLocalFileStore,
  type FileStore,
  isStoredFileKey,
  type StoredFileType,
} from "../files/file-store";
import { identityKeysFileName } from "../identity/identity-keys-file";
import type { CommandResult } from "./commands";
import { copyEntry, readTarEntries, TarFormatError, TarWriter } from "./tar-archive";

/**
 * Backups of the embedded default: one tar file holding the PGlite data folder (PGlite's own
 * dump, gzip), the identity keys file, the sealing certificate, the stored files of the local
 * store (uploads and sealed PDFs), and a manifest.
 * Consistent because it is made with the data folder's lock held: the server is stopped, and no
 * server starts on the folder while the backup is made.
 *
 *   chayong-backup.json   {format, formatVersion}: first, so a foreign file is told at once
 *   database.tar.gz       PGlite's dumpDataDir("gzip")
 *   identity-keys.json    when the data folder has one
 *   signing.p12           the sealing certificate, when the data folder made one
 *   files/ab/cd/<key>     every uploaded file (local store)
 *   manifest.json         last: created at, migrations, counts, and every entry's size and SHA-256
 */
export const backupFormat = "chayong-backup";
export const backupFormatVersion = 1;

const markerEntry = "chayong-backup.json";
const databaseEntry = "database.tar.gz";
const manifestEntry = "manifest.json";
const fileEntryPattern =
  /^files\/([0-9a-f]{2})\/([0-9a-f]{2})\/(([0-9a-f]{64})\.(jpg|png|webp|pdf))$/;
/**
 * The data folder's own keys: the identity keys, and the certificate sealed PDFs are signed with
 * (docs/contract-pdf.md, "Sealing"); a restore without either could not read ID numbers or would
 * seal with another certificate.
 */
const keyFileNames = [identityKeysFileName, signingCertificateFileName];

const mimeTypes: Record<string, StoredFileType> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
};

export interface BackupManifest {
  format: typeof backupFormat;
  formatVersion: number;
  createdAt: string;
  database: { engine: "pglite"; schema: string };
  /** The migrations applied to the database backed up (chayong_migrations), in order. */
  migrations: string[];
  counts: { contracts: number; ledgerEntries: number; uploadedFiles: number };
  entries: { path: string; size: number; sha256: string }[];
}

export function dataDirInUse(holderPid: number): CommandResult {
  return {
    exitCode: 1,
    output: `the data folder is in use by the running server (process ${holderPid}); stop it, run the command, start it again`,
  };
}

/** `backup --to <file> [--force]` on the embedded default. */
export async function backupDataDir(
  config: ServerConfig,
  options: { to: string; force: boolean },
  now: Date,
): Promise<CommandResult> {
  if (config.database.kind !== "pglite")
    throw new Error("backupDataDir needs the embedded default");
  const dataDir = config.database.dataDir;
  const to = resolve(options.to);
  if (!existsSync(join(pgliteDataPath(dataDir), "PG_VERSION"))) {
    return { exitCode: 1, output: `${dataDir} holds no embedded database: nothing to back up` };
  }
  if (!existsSync(dirname(to))) return { exitCode: 1, output: `${dirname(to)} does not exist` };
  if (existsSync(to) && !options.force) {
    return { exitCode: 1, output: `${to} exists; give --force to replace it` };
  }
  const locked = lockDataDir(dataDir);
  if (!locked.ok) return dataDirInUse(locked.holderPid);
  const temporary = join(dirname(to), `.${basename(to)}.${randomBytes(6).toString("hex")}.part`);
  try {
    const database = await dumpDatabase(dataDir, config.databaseSchema);
    const handle = await open(temporary, "wx", 0o600);
    const entries: BackupManifest["entries"] = [];
    let uploadedFiles = 0;
    try {
      const tar = new TarWriter(handle, now);
      const add = async (path: string, bytes: Uint8Array) => {
        entries.push({ path, size: bytes.byteLength, sha256: await tar.add(path, bytes) });
      };
      await add(markerEntry, json({ format: backupFormat, formatVersion: backupFormatVersion }));
      await add(databaseEntry, database.dump);
      for (const name of keyFileNames) {
        const keys = await readIfExists(join(dataDir, name));
        if (keys !== null) await add(name, keys);
      }
      if (config.files.kind === "local") {
        for (const path of await storedFiles(config.files.root)) {
          await add(`files/${path}`, await readFile(join(config.files.root, path)));
          uploadedFiles++;
        }
      }
      const manifest: BackupManifest = {
        format: backupFormat,
        formatVersion: backupFormatVersion,
        createdAt: now.toISOString(),
        database: { engine: "pglite", schema: config.databaseSchema },
        migrations: database.migrations,
        counts: { ...database.counts, uploadedFiles },
        entries,
      };
      await tar.add(manifestEntry, json(manifest));
      await tar.finish();
      await handle.sync();
    } finally {
      await handle.close();
    }
    await placeWithoutOverwriting(temporary, to, options.force);
    const notes = [
      `Backed up ${dataDir} to ${to}: ${database.counts.contracts} contracts, ${uploadedFiles} stored files (uploads and sealed PDFs), migrations up to ${database.migrations.at(-1) ?? "(none)"}.`,
    ];
    if (entries.some((entry) => entry.path === identityKeysFileName)) {
      notes.push(
        "It holds the identity keys and the sealing certificate's private key: keep it as safe as the data folder.",
      );
    } else {
      notes.push(
        "The data folder has no identity keys file (CHAYONG_IDENTITY_KEYS set?): keep those keys too, or stored ID numbers cannot be read after a restore.",
      );
    }
    if (config.files.kind === "s3") {
      notes.push(
        "Uploaded files are in S3 (CHAYONG_FILE_STORE=s3) and not in this backup: back up the bucket.",
      );
    }
    return { exitCode: 0, output: notes.join("\n") };
  } catch (error) {
    if (error instanceof BackupRefusal) return { exitCode: 1, output: error.message };
    throw error;
  } finally {
    await rm(temporary, { force: true });
    locked.lock.release();
  }
}

class BackupRefusal extends Error {}

async function dumpDatabase(dataDir: string, schemaName: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const client = await PGlite.create(pgliteDataPath(dataDir));
  try {
    const facts = await databaseFacts(client, schemaName);
    const dump = await client.dumpDataDir("gzip");
    return { ...facts, dump: new Uint8Array(await dump.arrayBuffer()) };
  } finally {
    await client.close();
  }
}

/** The migrations applied and the counts the manifest records (tables may not exist yet). */
async function databaseFacts(client: PGlite, schemaName: string) {
  const table = (name: string) => `${quoteIdentifier(schemaName)}.${quoteIdentifier(name)}`;
  const exists = async (name: string) =>
    (
      await client.query<{ found: boolean }>("select to_regclass($1) is not null as found", [
        table(name),
      ])
    ).rows[0]?.found === true;
  const count = async (name: string) =>
    (await exists(name))
      ? ((await client.query<{ n: number }>(`select count(*)::int as n from ${table(name)}`))
          .rows[0]?.n ?? 0)
      : 0;
  const migrations = (await exists("chayong_migrations"))
    ? (
        await client.query<{ tag: string }>(
          `select tag from ${table("chayong_migrations")} order by tag`,
        )
      ).rows.map((row) => row.tag)
    : [];
  return {
    migrations,
    counts: { contracts: await count("contracts"), ledgerEntries: await count("ledger_entries") },
  };
}

/** `ab/cd/<key>` of every file the local store holds (its leftovers `.part` are not files). */
async function storedFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const names = async (path: string) => {
    try {
      return (await readdir(path)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  };
  for (const first of await names(root)) {
    if (!/^[0-9a-f]{2}$/.test(first)) continue;
    for (const second of await names(join(root, first))) {
      if (!/^[0-9a-f]{2}$/.test(second)) continue;
      for (const key of await names(join(root, first, second))) {
        if (isStoredFileKey(key) && key.startsWith(`${first}${second}`)) {
          found.push(`${first}/${second}/${key}`);
        }
      }
    }
  }
  return found;
}

async function placeWithoutOverwriting(temporary: string, to: string, force: boolean) {
  if (force) {
    await rename(temporary, to);
    return;
  }
  try {
    // A hard link fails when the name exists: no backup written meanwhile is ever replaced.
    await link(temporary, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new BackupRefusal(`${to} exists; give --force to replace it`);
    }
    throw error;
  }
  await unlink(temporary);
}

/** The backup is not one this server can restore: damaged, foreign, or from a newer server. */
class UnusableBackup extends Error {}

/**
 * `restore --from <file> [--data-dir <folder>]`: into a new or empty folder only. Everything is
 * checked (every entry's SHA-256, the manifest, the migrations this server knows) before the
 * folder is filled; on any failure the folder is left empty again.
 */
export async function restoreDataDir(
  config: ServerConfig,
  options: { from: string },
): Promise<CommandResult> {
  if (config.database.kind !== "pglite") {
    throw new Error("restoreDataDir needs the embedded default");
  }
  const dataDir = config.database.dataDir;
  const from = resolve(options.from);
  if (!existsSync(from) || !statSync(from).isFile()) {
    return { exitCode: 1, output: `${from} is not a file` };
  }
  const localRoot = config.files.kind === "local" ? config.files.root : null;
  for (const folder of [dataDir, localRoot]) {
    if (folder !== null && !isEmptyFolder(folder)) {
      return {
        exitCode: 1,
        output: `${folder} is not empty: restore only into a new or empty folder (CHAYONG_DATA_DIR or --data-dir)`,
      };
    }
  }
  const createdDataDir = !existsSync(dataDir);
  const createdLocalRoot = localRoot !== null && !existsSync(localRoot);
  const locked = lockDataDir(dataDir);
  if (!locked.ok) return dataDirInUse(locked.holderPid);
  const staging = join(dataDir, `.restoring-${randomBytes(6).toString("hex")}`);
  let restored = false;
  try {
    const manifest = await unpackChecked(from, staging);
    const known = new Set(readMigrations().map((migration) => migration.tag));
    const unknown = manifest.migrations.filter((tag) => !known.has(tag));
    if (unknown.length > 0) {
      throw new UnusableBackup(
        `it was made by a newer server (migrations ${unknown.join(", ")} are unknown here): restore it with that version`,
      );
    }

    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create(pgliteDataPath(dataDir), {
      loadDataDir: await openAsBlob(join(staging, databaseEntry)),
    });
    try {
      const facts = await databaseFacts(client, manifest.database.schema);
      if (
        facts.counts.contracts !== manifest.counts.contracts ||
        facts.migrations.join() !== manifest.migrations.join()
      ) {
        throw new UnusableBackup("its database does not hold what its manifest says");
      }
    } finally {
      await client.close();
    }

    for (const name of keyFileNames) {
      if (!manifest.entries.some((entry) => entry.path === name)) continue;
      const keysFile = join(dataDir, name);
      await rename(join(staging, name), keysFile);
      await chmod(keysFile, 0o600);
    }
    const fileEntries = manifest.entries.filter((entry) => entry.path.startsWith("files/"));
    if (fileEntries.length > 0) {
      const store = await fileStoreFor(config.files);
      for (const entry of fileEntries) {
        const [, , , key, , extension] = fileEntryPattern.exec(entry.path) ?? [];
        const bytes = await readFile(join(staging, entry.path));
        const stored = await store.put(bytes, mimeTypes[extension ?? ""] as StoredFileType);
        if (stored !== key) throw new UnusableBackup(`${entry.path} does not match its name`);
      }
    }
    restored = true;
    return {
      exitCode: 0,
      output: [
        `Restored the backup of ${manifest.createdAt} into ${dataDir}: ${manifest.counts.contracts} contracts, ${fileEntries.length} stored files (uploads and sealed PDFs), migrations up to ${manifest.migrations.at(-1) ?? "(none)"}.`,
        `Start the server with CHAYONG_DATA_DIR=${dataDir}; migrations newer than the backup run then.`,
      ].join("\n"),
    };
  } catch (error) {
    if (error instanceof UnusableBackup || error instanceof TarFormatError) {
      return { exitCode: 1, output: `${from} is not a usable Chayong backup: ${error.message}` };
    }
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
    locked.lock.release();
    if (!restored) {
      await emptyFolder(dataDir, createdDataDir);
      if (localRoot !== null && localRoot !== join(dataDir, "files")) {
        await emptyFolder(localRoot, createdLocalRoot);
      }
    }
  }
}

/**
 * Unpacks every entry into `staging`, checking the marker first, then each entry against the
 * manifest (the last entry): sizes, SHA-256 and the list itself.
 */
async function unpackChecked(from: string, staging: string): Promise<BackupManifest> {
  const handle = await open(from, "r");
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  try {
    for await (const entry of readTarEntries(handle)) {
      if (manifestText !== null) throw new UnusableBackup(`${entry.path} follows the manifest`);
      if (found.size === 0) {
        if (entry.path !== markerEntry || entry.size > 4096) {
          throw new UnusableBackup("it is a tar archive, but not a Chayong backup");
        }
        const marker = parseJson(await entryText(handle, entry)) as { format?: unknown };
        if (marker?.format !== backupFormat) {
          throw new UnusableBackup("it is a tar archive, but not a Chayong backup");
        }
      }
      if (entry.path === manifestEntry) {
        manifestText = await entryText(handle, entry);
        continue;
      }
      if (found.has(entry.path)) throw new UnusableBackup(`${entry.path} appears twice`);
      const allowed =
        entry.path === markerEntry ||
        entry.path === databaseEntry ||
        keyFileNames.includes(entry.path) ||
        isFileEntry(entry.path);
      if (!allowed) throw new UnusableBackup(`it holds an unexpected entry ${entry.path}`);
      const target = join(staging, entry.path);
      await mkdir(dirname(target), { recursive: true });
      const out = await open(target, "wx", 0o600);
      try {
        const sha256 = await copyEntry(handle, entry, async (chunk) => {
          await out.write(chunk);
        });
        found.set(entry.path, { size: entry.size, sha256 });
      } finally {
        await out.close();
      }
    }
  } catch (error) {
    if (error instanceof TarFormatError && found.size === 0) {
      throw new UnusableBackup(`it is not a Chayong backup (${error.message})`);
    }
    throw error;
  } finally {
    await handle.close();
  }
  if (found.size === 0) throw new UnusableBackup("it is empty");
  if (manifestText === null) throw new UnusableBackup("it has no manifest (cut short?)");
  const manifest = parseJson(manifestText) as BackupManifest | null;
  if (manifest?.format !== backupFormat || !Array.isArray(manifest.entries)) {
    throw new UnusableBackup("its manifest is unreadable");
  }
  if (manifest.formatVersion > backupFormatVersion) {
    throw new UnusableBackup(
      `it is of format version ${manifest.formatVersion}, made by a newer server (this one reads ${backupFormatVersion})`,
    );
  }
  if (!Array.isArray(manifest.migrations) || typeof manifest.database?.schema !== "string") {
    throw new UnusableBackup("its manifest is unreadable");
  }
  for (const expected of manifest.entries) {
    const actual = found.get(expected.path);
    if (actual === undefined) throw new UnusableBackup(`${expected.path} is missing`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new UnusableBackup(`${expected.path} is damaged (its SHA-256 differs)`);
    }
  }
  if (manifest.entries.length !== found.size) {
    throw new UnusableBackup("it holds entries its manifest does not list");
  }
  if (!found.has(databaseEntry)) throw new UnusableBackup(`${databaseEntry} is missing`);
  return manifest;
}

function isFileEntry(path: string): boolean {
  const match = fileEntryPattern.exec(path);
  return match !== null && `${match[1]}${match[2]}` === match[4]?.slice(0, 4);
}

async function entryText(
  handle: Awaited<ReturnType<typeof open>>,
  entry: { path: string; size: number; offset: number },
): Promise<string> {
  if (entry.size > 256 * 1024 * 1024) throw new UnusableBackup(`${entry.path} is too large`);
  const chunks: Uint8Array[] = [];
  await copyEntry(handle, entry, async (chunk) => {
    chunks.push(Uint8Array.from(chunk));
  });
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function fileStoreFor(config: FileStoreConfig): Promise<FileStore> {
  if (config.kind === "local") return createLocalFileStore(config.root);
  const { createS3FileStore } = await import("../files/s3-file-store");
  return createS3FileStore(config);
}

function isEmptyFolder(path: string): boolean {
  try {
    return readdirSync(path).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/** Leaves a folder as it was before a failed restore: empty, or gone when it did not exist. */
async function emptyFolder(path: string, remove: boolean) {
  if (remove) {
    await rm(path, { recursive: true, force: true });
    return;
  }
  for (const name of await readdir(path).catch(() => [])) {
    await rm(join(path, name), { recursive: true, force: true });
  }
}

async function readIfExists(path: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function json(value: unknown): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
}
