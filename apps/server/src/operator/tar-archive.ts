import { createHash } from "node:crypto";
import type { FileHandle } from "node:fs/promises";

/**
 * The few parts of the POSIX ustar format a backup needs: regular files only, written one after
 * another and read back in order, so `tar tf backup.tar` lists a backup and `tar xf` unpacks it.
 * Every header's checksum is checked on reading: a damaged or foreign file says so.
 */
const block = 512;
/** ustar's size field: 11 octal digits. */
const maxEntrySize = 8 ** 11 - 1;

export class TarFormatError extends Error {
  override readonly name = "TarFormatError";
}

/** Appends entries to an open file; `finish` writes the two empty blocks that end an archive. */
export class TarWriter {
  readonly #handle: FileHandle;
  readonly #mtime: number;

  constructor(handle: FileHandle, mtime: Date) {
    this.#handle = handle;
    this.#mtime = Math.floor(mtime.getTime() / 1000);
  }

  /** Writes one file; answers the SHA-256 (hex) of its bytes. */
  async add(path: string, bytes: Uint8Array): Promise<string> {
    if (bytes.byteLength > maxEntrySize) throw new Error(`${path} is too large for a tar entry`);
    await this.#handle.write(header(path, bytes.byteLength, this.#mtime));
    await this.#handle.write(bytes);
    const padding = (block - (bytes.byteLength % block)) % block;
    if (padding > 0) await this.#handle.write(new Uint8Array(padding));
    return createHash("sha256").update(bytes).digest("hex");
  }

  async finish(): Promise<void> {
    await this.#handle.write(new Uint8Array(block * 2));
  }
}

function header(path: string, size: number, mtime: number): Uint8Array {
  const bytes = Buffer.alloc(block);
  const name = Buffer.from(path, "utf8");
  let prefix = Buffer.alloc(0);
  let rest = name;
  if (name.byteLength > 100) {
    // ustar splits a long path at a '/' into a prefix (155 bytes) and a name (100).
    const cut = path.lastIndexOf("/", 155);
    if (cut <= 0 || Buffer.byteLength(path.slice(cut + 1)) > 100) {
      throw new Error(`${path} is too long for a tar entry`);
    }
    prefix = Buffer.from(path.slice(0, cut), "utf8");
    rest = Buffer.from(path.slice(cut + 1), "utf8");
  }
  rest.copy(bytes, 0);
  bytes.write("0000600\0", 100, "ascii"); // mode
  bytes.write("0000000\0", 108, "ascii"); // uid
  bytes.write("0000000\0", 116, "ascii"); // gid
  bytes.write(`${size.toString(8).padStart(11, "0")}\0`, 124, "ascii");
  bytes.write(`${mtime.toString(8).padStart(11, "0")}\0`, 136, "ascii");
  bytes.write("        ", 148, "ascii"); // the checksum counts itself as spaces
  bytes.write("0", 156, "ascii"); // a regular file
  bytes.write("ustar\0", 257, "ascii");
  bytes.write("00", 263, "ascii");
  prefix.copy(bytes, 345);
  bytes.write(`${checksumOf(bytes).toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return bytes;
}

function checksumOf(headerBytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 32 : (headerBytes[i] as number);
  return sum;
}

function text(bytes: Buffer, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function octal(bytes: Buffer, start: number, length: number, what: string): number {
  const field = text(bytes, start, length).trim();
  if (!/^[0-7]+$/.test(field)) throw new TarFormatError(`a tar header's ${what} is unreadable`);
  return Number.parseInt(field, 8);
}

export interface TarEntry {
  path: string;
  size: number;
  /** Where its bytes start in the file. */
  offset: number;
}

/**
 * Reads the entries of an archive in order, without their bytes (read them with `copyEntry`).
 * Throws TarFormatError on a header that is not ustar, a wrong checksum or a file cut short.
 */
export async function* readTarEntries(handle: FileHandle): AsyncGenerator<TarEntry> {
  const { size: fileSize } = await handle.stat();
  const bytes = Buffer.alloc(block);
  let position = 0;
  for (;;) {
    const { bytesRead } = await handle.read(bytes, 0, block, position);
    if (bytesRead < block) throw new TarFormatError("the archive ends early (cut short?)");
    if (bytes.every((byte) => byte === 0)) return;
    if (text(bytes, 257, 6) !== "ustar") throw new TarFormatError("it is not a tar archive");
    const recorded = octal(bytes, 148, 8, "checksum");
    if (recorded !== checksumOf(bytes)) {
      throw new TarFormatError(`a tar header at byte ${position} is damaged (checksum)`);
    }
    const name = text(bytes, 0, 100);
    const prefix = text(bytes, 345, 155);
    const path = prefix === "" ? name : `${prefix}/${name}`;
    const type = text(bytes, 156, 1);
    const size = octal(bytes, 124, 12, "size");
    const offset = position + block;
    if (offset + size > fileSize) throw new TarFormatError("the archive ends early (cut short?)");
    if (type !== "0" && type !== "") {
      throw new TarFormatError(`${path} is not a regular file`);
    }
    yield { path, size, offset };
    position = offset + Math.ceil(size / block) * block;
  }
}

/** Reads an entry's bytes in chunks to `sink`; answers their SHA-256 (hex). */
export async function copyEntry(
  handle: FileHandle,
  entry: TarEntry,
  sink: (chunk: Uint8Array) => Promise<void>,
): Promise<string> {
  const hash = createHash("sha256");
  const chunk = Buffer.alloc(Math.min(entry.size, 1 << 20) || 1);
  let done = 0;
  while (done < entry.size) {
    const wanted = Math.min(chunk.byteLength, entry.size - done);
    const { bytesRead } = await handle.read(chunk, 0, wanted, entry.offset + done);
    if (bytesRead === 0) throw new TarFormatError("the archive ends early (cut short?)");
    const piece = chunk.subarray(0, bytesRead);
    hash.update(piece);
    await sink(piece);
    done += bytesRead;
  }
  return hash.digest("hex");
}
