import { resolve } from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import type { Jurisdiction } from "@chayong/domain";
import {
  apiKeyNameMaxLength,
  type CreateApiKeyRequest,
  createApiKeyRequestSchema,
} from "@chayong/sdk/server";
import * as v from "valibot";
import { operatorActor } from "../audit/audit";
import { describeChainCheck, verifyAuditChain } from "../audit/audit-chain";
import { createApiKey, findLenderByPhone, revokeApiKey } from "../auth/api-keys";
import {
  describeConfigProblems,
  type Environment,
  loadConfig,
  type ServerConfig,
} from "../config/config";
import { type Database, openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import type { FileStore } from "../files/file-store";
import { fileStoresFor } from "../files/file-stores";
import { describeConflicts, listIdentityConflicts } from "../identity/one-identity";
import { addLender } from "../lenders/lenders";
import {
  type CustomerServiceContact,
  setCustomerService,
  storeServiceImage,
} from "../service-config/service-config";
import { backupDataDir, dataDirInUse, restoreDataDir } from "./backup";
import { sendToRunningServer } from "./operator-channel";

export interface CommandResult {
  exitCode: number;
  output: string;
}

export const operatorUsage = `Operator commands (run with the server's environment: DATABASE_URL or CHAYONG_DATA_DIR):
  lender:add --phone 01012345678 --name "Kim" [--merchant "Kim Loans"] [--licence "2026-Seoul-0001"] [--jurisdiction KR|TW]
      Make the account of that phone a lender (creating it if needed) and set its profile.
      Running it again for the same phone updates the profile.
  config:set-service [--line-img URL | --line-img-file qr.png] [--line ID] [--line-url URL]
      Set the customer-service contact the app shows (configKey 'line'); fields not given are kept.
      --line-img-file puts a PNG, JPEG or WebP QR image (at most 2 MB) into the file store and
      serves it at /api/v1/config/serviceImage/<key>. Works while the server runs.
  apikey:add --lender 01012345678 --name "nightly export" --scope read|full
      Make an API key for that lender's internal tools and print it, this once (only its hash
      is kept). read: calls that change nothing; full: what the lender may, but keys and login.
  apikey:revoke --lender 01012345678 --key <id or prefix>
      Revoke one of that lender's API keys: every later call with it is refused.
  identity:conflicts [--limit 50]
      List the latest ID card confirmations refused because their face or ID number was already
      verified on another account (docs/identity.md, "One person, one identity"), newest first.
  audit:verify
      Walk the audit chain (docs/privacy.md, "The audit chain") and recompute every row's hash.
      Exits 0 with the chain's head, or 1 naming the first row changed, removed or written out
      of order.
  backup --to /path/chayong-backup.tar [--force]
      Embedded default: write the database, identity keys and uploaded files to one file
      (stop the server first). An existing file is replaced only with --force.
  restore --from /path/chayong-backup.tar [--data-dir /new/folder]
      Embedded default: restore a backup into a new or empty folder (default CHAYONG_DATA_DIR).
  On PostgreSQL (DATABASE_URL) back up with pg_dump and restore with pg_restore.`;

/** The command line again, from the parsed values (a path made absolute on the way). */
function argvOf(command: string, values: Record<string, string | boolean | undefined>): string[] {
  return [
    command,
    ...Object.entries(values).flatMap(([name, value]) => {
      if (value === undefined || value === false) return [];
      return value === true ? [`--${name}`] : [`--${name}`, value];
    }),
  ];
}

const stringOptions = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { type: "string" as const }]));

const commandOptions: Record<string, NonNullable<ParseArgsConfig["options"]>> = {
  "lender:add": stringOptions("phone", "name", "merchant", "licence", "jurisdiction"),
  "config:set-service": stringOptions("line-img", "line-img-file", "line", "line-url"),
  "apikey:add": stringOptions("lender", "name", "scope"),
  "apikey:revoke": stringOptions("lender", "key"),
  "identity:conflicts": stringOptions("limit"),
  "audit:verify": {},
  backup: { ...stringOptions("to"), force: { type: "boolean" } },
  restore: stringOptions("from", "data-dir"),
};

/** Runs one operator command against the configured database; never throws for bad input. */
export async function runOperatorCommand(
  argv: readonly string[],
  env: Environment,
  now: () => Date = () => new Date(),
  within?: OpenStores,
): Promise<CommandResult> {
  const [command, ...rest] = argv;
  const options = command === undefined ? undefined : commandOptions[command];
  if (command === undefined || options === undefined) {
    return { exitCode: 2, output: operatorUsage };
  }
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: [...rest],
      options,
      strict: true,
      allowPositionals: false,
    }).values as Record<string, string | undefined>;
  } catch (error) {
    return { exitCode: 2, output: `${(error as Error).message}\n\n${operatorUsage}` };
  }

  if (command === "backup" || command === "restore")
    return backupCommand(command, values, env, now);

  // In the running server (its operator channel): the server's own configuration.
  const loaded =
    within !== undefined ? { ok: true as const, config: within.config } : loadConfig(env);
  if (!loaded.ok)
    return {
      exitCode: 1,
      output: `invalid configuration:\n${describeConfigProblems(loaded.problems)}`,
    };
  const config = loaded.config;
  // Relative paths are the caller's: a running server resolves them against its own folder.
  if (values["line-img-file"] !== undefined)
    values["line-img-file"] = resolve(values["line-img-file"]);
  const where: CommandPlace = { config, argv: argvOf(command, values), within };

  if (command === "lender:add") {
    const { phone, name, merchant, licence, jurisdiction } = values;
    if (!phone || !name)
      return { exitCode: 2, output: `lender:add needs --phone and --name\n\n${operatorUsage}` };
    if (jurisdiction !== undefined && jurisdiction !== "KR" && jurisdiction !== "TW") {
      return { exitCode: 2, output: "--jurisdiction must be KR or TW" };
    }
    return withDatabase(where, async ({ database }) => {
      const added = await addLender(
        database.db,
        {
          phone,
          name,
          merchantName: merchant,
          licenceNumber: licence,
          jurisdiction: jurisdiction as Jurisdiction | undefined,
        },
        now(),
      );
      if (!added.ok) return { exitCode: 1, output: added.problem };
      return {
        exitCode: 0,
        output: `${added.created ? "Added" : "Updated"} lender ${added.phone} (${name}). They log in with this phone and an SMS code.`,
      };
    });
  }

  if (command === "identity:conflicts") {
    const limit = Number(values.limit ?? 50);
    if (!(Number.isInteger(limit) && limit > 0)) {
      return { exitCode: 2, output: "--limit must be a positive whole number" };
    }
    return withDatabase(where, async ({ database }) => ({
      exitCode: 0,
      output: describeConflicts(await listIdentityConflicts(database.db, limit)),
    }));
  }

  if (command === "audit:verify") {
    return withDatabase(where, async ({ database }) => {
      const started = performance.now();
      const check = await verifyAuditChain(database.db);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      return { exitCode: check.ok ? 0 : 1, output: `${describeChainCheck(check)} (${seconds} s)` };
    });
  }

  if (command === "apikey:add" || command === "apikey:revoke") {
    return apiKeyCommand(command, values, where, now);
  }

  const changes: Partial<CustomerServiceContact> = {};
  if (values["line-img"] !== undefined) changes.line_img = values["line-img"];
  if (values.line !== undefined) changes.line = values.line;
  if (values["line-url"] !== undefined) changes.line_url = values["line-url"];
  const imageFile = values["line-img-file"];
  if (imageFile !== undefined && changes.line_img !== undefined) {
    return {
      exitCode: 2,
      output: "give --line-img (a URL) or --line-img-file (an image), not both",
    };
  }
  if (Object.keys(changes).length === 0 && imageFile === undefined) {
    return {
      exitCode: 2,
      output: `config:set-service needs at least one of --line-img, --line-img-file, --line, --line-url\n\n${operatorUsage}`,
    };
  }
  return withDatabase(where, async ({ database, files }) => {
    if (imageFile !== undefined) {
      const stored = await storeServiceImage(files, imageFile);
      if (!stored.ok) return { exitCode: 1, output: stored.problem };
      changes.line_img = stored.address;
    }
    const contact = await setCustomerService(database.db, changes, now());
    return { exitCode: 0, output: `Customer-service contact set: ${JSON.stringify(contact)}` };
  });
}

/** Where a command runs: the server's own stores, or the configured ones opened for it. */
interface CommandPlace {
  config: ServerConfig;
  /** The argv to hand to a running server (paths made absolute). */
  argv: readonly string[];
  within: OpenStores | undefined;
}

/** A database and file store already open: a running server's, lent through its operator channel, or one opening shared by a list of commands. */
export interface OpenStores {
  config: ServerConfig;
  database: Database;
  files: FileStore;
}

/**
 * Runs `work` on the database and the file store: the running server's own when called through
 * its operator channel; else opened here. An embedded data folder a running server holds is not
 * opened twice: the command goes to that server (./operator-channel.ts).
 */
async function withDatabase(
  { config, argv, within }: CommandPlace,
  work: (stores: OpenStores) => Promise<CommandResult>,
): Promise<CommandResult> {
  if (within !== undefined) return work(within);
  const opened = await openStores(config);
  if (!opened.ok) {
    if (config.database.kind === "pglite") {
      const answered = await sendToRunningServer(config.database.dataDir, argv);
      if (answered !== null) return answered;
    }
    return dataDirInUse(opened.holderPid);
  }
  try {
    return await work(opened.stores);
  } finally {
    await opened.stores.database.close();
  }
}

/** The configured database (migrated) and file store, opened for commands run outside a server. */
async function openStores(
  config: ServerConfig,
): Promise<{ ok: true; stores: OpenStores } | { ok: false; holderPid: number }> {
  const opened = await openDatabase(config.database, config.databaseSchema);
  if (!opened.ok) return opened;
  try {
    await migrate(opened.database);
    const { files } = await fileStoresFor(config.files);
    return { ok: true, stores: { config, database: opened.database, files } };
  } catch (error) {
    await opened.database.close();
    throw error;
  }
}

/**
 * Runs operator commands one after another on one opening of the configured database, as a
 * set-up script does: alone, each opens and migrates it again (about a second of CPU each on the
 * embedded default). Answers each command's result, up to and including the first that fails.
 * Backup and restore need the data folder to themselves: they run only alone. When a running
 * server holds the embedded folder, each command goes to it, as one run alone would.
 */
export async function runOperatorCommands(
  commands: readonly (readonly string[])[],
  env: Environment,
  now: () => Date = () => new Date(),
): Promise<CommandResult[]> {
  const alone = commands.find(([command]) => command === "backup" || command === "restore");
  if (alone !== undefined) {
    return [{ exitCode: 2, output: `${alone[0]} runs only on its own, not in a list of commands` }];
  }
  const loaded = loadConfig(env);
  if (!loaded.ok) {
    return [
      {
        exitCode: 1,
        output: `invalid configuration:\n${describeConfigProblems(loaded.problems)}`,
      },
    ];
  }
  const opened = await openStores(loaded.config);
  const results: CommandResult[] = [];
  try {
    for (const argv of commands) {
      const result = await runOperatorCommand(
        argv,
        env,
        now,
        opened.ok ? opened.stores : undefined,
      );
      results.push(result);
      if (result.exitCode !== 0) break;
    }
  } finally {
    if (opened.ok) await opened.stores.database.close();
  }
  return results;
}

async function apiKeyCommand(
  command: "apikey:add" | "apikey:revoke",
  values: Record<string, string | undefined>,
  where: CommandPlace,
  now: () => Date,
): Promise<CommandResult> {
  const { lender, name, scope, key } = values;
  if (!lender) return { exitCode: 2, output: `${command} needs --lender\n\n${operatorUsage}` };
  // The same rules as the 'me' page's request (text cleaned, length, scope).
  const request = v.safeParse(createApiKeyRequestSchema, { name, scope });
  if (command === "apikey:add" && !request.success) {
    return {
      exitCode: 2,
      output: `apikey:add needs --name (at most ${apiKeyNameMaxLength} characters of text) and --scope read or --scope full`,
    };
  }
  if (command === "apikey:revoke" && !key) {
    return { exitCode: 2, output: "apikey:revoke needs --key (the key's id or prefix)" };
  }
  return withDatabase(where, async ({ database }) => {
    const found = await findLenderByPhone(database.db, lender);
    if (!found.ok) return { exitCode: 1, output: found.problem };
    const audit = { actor: operatorActor, ip: null };
    if (command === "apikey:add") {
      const created = await createApiKey(
        database.db,
        { lenderId: found.userId, ...(request.output as CreateApiKeyRequest) },
        audit,
        now(),
      );
      return {
        exitCode: 0,
        output: `API key "${created.name}" (${created.scope}, prefix ${created.prefix}, id ${created.id}) for ${found.phone}. It is shown this once:\n${created.key}`,
      };
    }
    const revoked = await revokeApiKey(database.db, found.userId, key ?? "", audit, now());
    if (revoked === null) return { exitCode: 1, output: `${found.phone} has no API key ${key}` };
    return {
      exitCode: 0,
      output: `API key "${revoked.name}" (prefix ${revoked.prefix}) revoked at ${revoked.revokedAt}.`,
    };
  });
}

/** backup / restore of the embedded default's data folder (./backup.ts). */
async function backupCommand(
  command: "backup" | "restore",
  values: Record<string, string | boolean | undefined>,
  env: Environment,
  now: () => Date,
): Promise<CommandResult> {
  if (env.DATABASE_URL?.trim()) {
    return {
      exitCode: 2,
      output: `${command} is for the embedded default (PGlite). On PostgreSQL (DATABASE_URL) use its own tools: pg_dump to back up, pg_restore (or psql) to restore; uploaded files live in CHAYONG_FILES_DIR or S3.`,
    };
  }
  const text = (name: string) => (typeof values[name] === "string" ? values[name] : undefined);
  const file = text(command === "backup" ? "to" : "from");
  if (!file) {
    return {
      exitCode: 2,
      output: `${command} needs ${command === "backup" ? "--to <file>" : "--from <file>"}\n\n${operatorUsage}`,
    };
  }
  const dataDir = text("data-dir");
  const loaded = loadConfig(dataDir === undefined ? env : { ...env, CHAYONG_DATA_DIR: dataDir });
  if (!loaded.ok) {
    return {
      exitCode: 1,
      output: `invalid configuration:\n${describeConfigProblems(loaded.problems)}`,
    };
  }
  return command === "backup"
    ? backupDataDir(loaded.config, { to: file, force: values.force === true }, now())
    : restoreDataDir(loaded.config, { from: file });
}
