import { textField } from "@chayong/domain";
import * as v from "valibot";
import { apiKeyNameMaxLength, apiKeyScopeSchema } from "./api-keys";

// Request schemas: loaded by the server (`@chayong/sdk/server`), typed only in the client.

export const createApiKeyRequestSchema = v.strictObject(
  {
    name: textField({ requiredKey: "common.pleaseFillIn", maxLength: apiKeyNameMaxLength }),
    scope: apiKeyScopeSchema,
  },
  "common.invalidValue",
);

export type CreateApiKeyRequest = v.InferInput<typeof createApiKeyRequestSchema>;
