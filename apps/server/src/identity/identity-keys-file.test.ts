import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { identityKeysFileName, loadOrCreateIdentityKeys } from "./identity-keys-file";
import { PersonalDataCipher } from "./personal-data-cipher";

const freshDir = () => mkdtemp(join(tmpdir(), "chayong-keys-"));

describe("the embedded default's identity keys", () => {
  it("are made once, readable by the owner only, and the same on the next start", async () => {
    const dir = join(await freshDir(), "data");
    const first = await loadOrCreateIdentityKeys(dir);
    const file = join(dir, identityKeysFileName);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const sealed = new PersonalDataCipher(first).seal("900101-1234567");
    const again = await loadOrCreateIdentityKeys(dir);
    expect(again).toEqual(first);
    expect(new PersonalDataCipher(again).open(sealed)).toBe("900101-1234567");
  });

  it("refuse to start over a damaged file instead of replacing the keys", async () => {
    const dir = await freshDir();
    await writeFile(join(dir, identityKeysFileName), "{ not json");
    await expect(loadOrCreateIdentityKeys(dir)).rejects.toThrow(/not a readable identity key file/);
    expect(await readFile(join(dir, identityKeysFileName), "utf8")).toBe("{ not json");
    await writeFile(join(dir, identityKeysFileName), JSON.stringify({ current: { id: "k1" } }));
    await expect(loadOrCreateIdentityKeys(dir)).rejects.toThrow(/not a readable identity key file/);
  });
});
