import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a served image address stays valid (docs/identity.md, "Uploaded images"). */
export const fileAddressLifetimeSeconds = 15 * 60;

const addressPattern = /^(?:https?:\/\/[^/?#]+)?\/files\/([A-Za-z0-9_-]{22})(?:\?[^#]*)?$/;

/**
 * Addresses of uploaded images. An `<img>` cannot send the session header, so the server hands
 * out addresses signed for one viewer that expire (docs/identity.md): whoever holds one may load
 * the image until then, and each load by a lender is checked and audited again.
 */
export class FileAddresses {
  readonly #key: Uint8Array;

  constructor(key: Uint8Array) {
    this.#key = key;
  }

  /** `/files/<upload id>?viewer=…&expires=…&signature=…`, relative to the server. */
  addressFor(uploadId: string, viewerId: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + fileAddressLifetimeSeconds;
    const query = new URLSearchParams({
      viewer: viewerId,
      expires: String(expires),
      signature: this.#sign(uploadId, viewerId, String(expires)),
    });
    return `/files/${uploadId}?${query.toString()}`;
  }

  /** The viewer an address was signed for, when its signature holds and it has not expired. */
  viewerOf(
    uploadId: string,
    query: { viewer?: unknown; expires?: unknown; signature?: unknown },
    now: Date,
  ): string | null {
    const { viewer, expires, signature } = query;
    if (typeof viewer !== "string" || typeof signature !== "string") return null;
    // Only the form the server writes (no leading zero, no sign): the string given is what the
    // signature is checked against, so one instant has one address.
    if (typeof expires !== "string" || !/^[1-9]\d{0,11}$/.test(expires)) return null;
    const expiresAt = Number(expires);
    if (expiresAt * 1000 <= now.getTime()) return null;
    const expected = Buffer.from(this.#sign(uploadId, viewer, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? viewer : null;
  }

  #sign(uploadId: string, viewerId: string, expires: string): string {
    return createHmac("sha256", this.#key)
      .update(`${uploadId}\n${viewerId}\n${expires}`)
      .digest("base64url");
  }
}

/**
 * The upload id in an image address a client sends back (an identity request names its photos
 * by the address the upload answered); null when it is not one.
 */
export function uploadIdOfAddress(address: string): string | null {
  return addressPattern.exec(address)?.[1] ?? null;
}
