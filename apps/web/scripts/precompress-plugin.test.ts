import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressDirectory } from "./precompress-plugin";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("precompressDirectory", () => {
  it("writes .br and .gz of the same bytes beside text files big enough, nothing for the rest", () => {
    dir = mkdtempSync(join(tmpdir(), "chayong-precompress-"));
    mkdirSync(join(dir, "assets"));
    const script = `export const words = "${"차용 계약 ".repeat(500)}";`;
    writeFileSync(join(dir, "assets", "app.js"), script);
    writeFileSync(join(dir, "tiny.css"), "a{}");
    writeFileSync(join(dir, "assets", "font.woff2"), Buffer.alloc(4096, 7));

    const result = precompressDirectory(dir);

    expect(result.files).toBe(1);
    const app = join(dir, "assets", "app.js");
    expect(brotliDecompressSync(readFileSync(`${app}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${app}.gz`)).toString()).toBe(script);
    expect(existsSync(join(dir, "tiny.css.br"))).toBe(false);
    expect(existsSync(join(dir, "assets", "font.woff2.br"))).toBe(false);
    expect(result.br).toBeLessThan(result.bytes / 5);
  });
});
