import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PersonalDataKeys } from "./personal-data-cipher";

/** Where the embedded default keeps the keys it generated (docs/identity.md). */
export const identityKeysFileName = "identity-keys.json";

interface KeysFile {
  current: { id: string; key: string };
  retired: { id: string; key: string }[];
  lookupKey: string;
}

/**
 * The embedded default's identity keys: read from its data folder, or made once on first start
 * and written readable by the owner only. Losing the file loses every stored ID number, so a
 * file that cannot be read is an error, never silently replaced.
 */
export async function loadOrCreateIdentityKeys(dataDir: string): Promise<PersonalDataKeys> {
  const file = join(dataDir, identityKeysFileName);
  let text: string | null = null;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text !== null) return parseKeysFile(text, file);
  const made: KeysFile = {
    current: { id: "k1", key: randomBytes(32).toString("base64") },
    retired: [],
    lookupKey: randomBytes(32).toString("base64"),
  };
  await mkdir(dataDir, { recursive: true });
  // "wx": two processes starting at once cannot both write a different key.
  await writeFile(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  return parseKeysFile(JSON.stringify(made), file);
}

function parseKeysFile(text: string, file: string): PersonalDataKeys {
  const broken = () => new Error(`${file} is not a readable identity key file`);
  let parsed: KeysFile;
  try {
    parsed = JSON.parse(text) as KeysFile;
  } catch {
    throw broken();
  }
  const key = (entry: { id: string; key: string } | undefined) => {
    if (typeof entry?.id !== "string" || typeof entry.key !== "string") throw broken();
    return { id: entry.id, key: new Uint8Array(Buffer.from(entry.key, "base64")) };
  };
  if (!Array.isArray(parsed?.retired) || typeof parsed.lookupKey !== "string") throw broken();
  return {
    current: key(parsed.current),
    retired: parsed.retired.map(key),
    lookupKey: new Uint8Array(Buffer.from(parsed.lookupKey, "base64")),
  };
}
