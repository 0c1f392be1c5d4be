import * as v from "valibot";

/** Service config request: only the customer-service line exists (docs/entities.md#service-config). */
export const serviceConfigRequestSchema = v.strictObject(
  { configKey: v.picklist(["line"], "common.invalidValue") },
  "common.invalidValue",
);
