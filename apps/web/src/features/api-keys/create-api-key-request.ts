import { textField } from "@chayong/domain";
import { apiKeyNameMaxLength, apiKeyScopeSchema } from "@chayong/sdk";
import * as v from "valibot";

/**
 * The request of `apiKey.create`: the SDK's `createApiKeyRequestSchema`, which the server runs,
 * made again of the same parts here (the browser entry of the SDK carries no request schema;
 * create-api-key-request.test.ts holds the two equal).
 */
export const createApiKeyRequestSchema = v.strictObject(
  {
    name: textField({ requiredKey: "common.pleaseFillIn", maxLength: apiKeyNameMaxLength }),
    scope: apiKeyScopeSchema,
  },
  "common.invalidValue",
);
