import type { Codec } from "../codec/codec.ts";
import { parseJson } from "./payload.ts";
import { PayloadError } from "./payload-error.ts";

/**
 * What NSCPER carries, encrypted, when there is no session token (docs/wire-protocol.md#headers Headers). Key order
 * is the spec's, so the ciphertext is stable for one device.
 */
export interface DeviceDescriptor {
  countryCode: string;
  sourceChannel: string;
  packageName: string;
  adid: string;
  version: string;
  uuId: string;
  userId: string;
}

const fields = [
  "countryCode",
  "sourceChannel",
  "packageName",
  "adid",
  "version",
  "uuId",
  "userId",
] as const satisfies readonly (keyof DeviceDescriptor)[];

export function encodeDeviceDescriptor(codec: Codec, descriptor: DeviceDescriptor): string {
  const ordered: Record<string, string> = {};
  for (const field of fields) ordered[field] = descriptor[field];
  return codec.encrypt(JSON.stringify(ordered));
}

/** Server side: read NSCPER when it is not a session token. Throws CodecError or PayloadError. */
export function decodeDeviceDescriptor(codec: Codec, ciphertext: string): DeviceDescriptor {
  const value = parseJson(codec.decrypt(ciphertext));
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new PayloadError("not-device-descriptor", "device descriptor is not an object");
  }
  const record = value as Record<string, unknown>;
  const descriptor = {} as DeviceDescriptor;
  for (const field of fields) {
    const fieldValue = record[field];
    if (typeof fieldValue !== "string") {
      throw new PayloadError("not-device-descriptor", `device descriptor ${field} is not a string`);
    }
    descriptor[field] = fieldValue;
  }
  return descriptor;
}
