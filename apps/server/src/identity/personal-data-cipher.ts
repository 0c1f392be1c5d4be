import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * Personal data of the highest class (ID numbers) at rest (docs/identity.md): sealed with
 * AES-256-GCM under the current key, each value carrying the id of the key that sealed it so
 * keys can rotate (old keys stay to open old values); found by a keyed hash (HMAC-SHA-256) of
 * its canonical form, since equal numbers never seal to equal texts.
 */
export interface PersonalDataKeys {
  /** The key new values are sealed with. */
  current: { id: string; key: Uint8Array };
  /** Keys that only open values sealed earlier. */
  retired: { id: string; key: Uint8Array }[];
  /** The lookup key; changing it means re-hashing every stored value. */
  lookupKey: Uint8Array;
}

const format = "v1";
const keyIdPattern = /^[A-Za-z0-9_-]{1,32}$/;
const ivLength = 12;
const tagLength = 16;

export class PersonalDataCipher {
  readonly #keys: Map<string, Uint8Array>;
  readonly #current: { id: string; key: Uint8Array };
  readonly #lookupKey: Uint8Array;

  constructor(keys: PersonalDataKeys) {
    const all = [keys.current, ...keys.retired];
    for (const { id, key } of all) {
      if (!keyIdPattern.test(id)) throw new Error(`key id "${id}" must match ${keyIdPattern}`);
      if (key.length !== 32) throw new Error(`key "${id}" must be 32 bytes (AES-256)`);
    }
    if (keys.lookupKey.length < 32) throw new Error("the lookup key must be at least 32 bytes");
    this.#keys = new Map(all.map(({ id, key }) => [id, key]));
    if (this.#keys.size !== all.length) throw new Error("key ids must be distinct");
    this.#current = keys.current;
    this.#lookupKey = keys.lookupKey;
  }

  /** `v1:<key id>:<iv>:<cipher text + tag>`, base64url; a fresh IV every time. */
  seal(plain: string): string {
    const iv = randomBytes(ivLength);
    const cipher = createCipheriv("aes-256-gcm", this.#current.key, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return [format, this.#current.id, iv.toString("base64url"), body.toString("base64url")].join(
      ":",
    );
  }

  /** The plain text; throws when the value was altered or its key is unknown. */
  open(sealed: string): string {
    const [version, keyId, ivText, bodyText, ...rest] = sealed.split(":");
    if (version !== format || rest.length > 0 || !ivText || !bodyText || keyId === undefined) {
      throw new Error("not a sealed value");
    }
    const key = this.#keys.get(keyId);
    if (!key) throw new Error(`no key "${keyId}" to open this value`);
    const iv = Buffer.from(ivText, "base64url");
    const body = Buffer.from(bodyText, "base64url");
    if (iv.length !== ivLength || body.length < tagLength) throw new Error("not a sealed value");
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAuthTag(body.subarray(body.length - tagLength));
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - tagLength)),
      decipher.final(),
    ]).toString("utf8");
  }

  /** Whether a value was sealed with a key other than the current one (to re-seal it). */
  needsResealing(sealed: string): boolean {
    return sealed.split(":")[1] !== this.#current.id;
  }

  /** The keyed hash that finds a value without opening any (hex). */
  lookupHash(canonical: string): string {
    return createHmac("sha256", this.#lookupKey).update(canonical, "utf8").digest("hex");
  }

  /**
   * A key for another purpose (e.g. signing file addresses), derived from the lookup key so a
   * deployment configures one secret less; the purpose label keeps the uses apart.
   */
  derivedKey(purpose: string): Uint8Array {
    return new Uint8Array(
      createHmac("sha256", this.#lookupKey).update(`chayong derived key: ${purpose}`).digest(),
    );
  }
}
