import * as v from "valibot";
import { instantSchema } from "./common";

/**
 * What an API key may do: `read` calls only the endpoints that change nothing; `full` calls
 * what its lender may, except the interactive login, uploads and key management.
 */
export const apiKeyScopeSchema = v.picklist(["read", "full"], "common.invalidValue");
export type ApiKeyScope = v.InferOutput<typeof apiKeyScopeSchema>;

/** An API key as lists show it: never its secret, only the prefix that tells keys apart. */
export const apiKeySchema = v.object({
  id: v.string(),
  name: v.string(),
  scope: apiKeyScopeSchema,
  /** The non-secret part of the key (`cyk_<prefix>_...`), to recognise it in a list. */
  prefix: v.string(),
  createdAt: instantSchema,
  lastUsedAt: v.nullable(instantSchema),
  revokedAt: v.nullable(instantSchema),
});

/** A key just made: `key` is the whole key, shown this once (the server keeps only its hash). */
export const createdApiKeySchema = v.object({
  ...apiKeySchema.entries,
  key: v.pipe(v.string(), v.startsWith("cyk_")),
});

export type ApiKey = v.InferOutput<typeof apiKeySchema>;
export type CreatedApiKey = v.InferOutput<typeof createdApiKeySchema>;

/** Key names are labels for the lender (e.g. "nightly export"). */
export const apiKeyNameMaxLength = 60;
