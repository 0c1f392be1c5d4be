import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalFileStore, isStoredFileKey, storedFileKey } from "./file-store";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("the local file store", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const freshStore = () => {
    const root = mkdtempSync(join(tmpdir(), "chayong-files-"));
    dirs.push(root);
    return { root, store: createLocalFileStore(join(root, "files")) };
  };

  it("names a file by the SHA-256 of its bytes and gives the same bytes back", async () => {
    const { store } = freshStore();
    const image = bytes("not really a jpeg, but bytes all the same");
    const key = await store.put(image, "image/jpeg");
    expect(key).toBe(`${createHash("sha256").update(image).digest("hex")}.jpg`);
    expect(await store.get(key)).toEqual(image);
    expect(storedFileKey(image, "image/webp")).toMatch(/\.webp$/);
  });

  it("deletes a file, and takes a missing key or a non-key quietly", async () => {
    const { store } = freshStore();
    const key = await store.put(bytes("a clear card, replaced by its masked copy"), "image/png");
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    await store.delete("../../etc/passwd");
  });

  it("stores the same bytes once, owner-readable only, with no partial files left", async () => {
    const { root, store } = freshStore();
    const image = bytes("same image");
    const keys = await Promise.all(Array.from({ length: 8 }, () => store.put(image, "image/png")));
    expect(new Set(keys).size).toBe(1);
    const key = keys[0] as string;
    const folder = join(root, "files", key.slice(0, 2), key.slice(2, 4));
    expect(readdirSync(folder)).toEqual([key]);
    expect(statSync(join(folder, key)).mode & 0o777).toBe(0o600);
  });

  it("answers null for a key it never stored, and for anything that is not a key", async () => {
    const { store } = freshStore();
    expect(await store.get(`${"0".repeat(64)}.png`)).toBeNull();
    for (const notAKey of [
      "../../etc/passwd",
      `${"a".repeat(64)}.exe`,
      `${"A".repeat(64)}.png`,
      "",
    ]) {
      expect(isStoredFileKey(notAKey)).toBe(false);
      expect(await store.get(notAKey)).toBeNull();
    }
  });
});
