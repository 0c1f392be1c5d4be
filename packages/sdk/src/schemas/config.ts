import * as v from "valibot";

/** Service config request: only the customer-service line exists (spec §3). */
export const serviceConfigRequestSchema = v.strictObject(
  { configKey: v.picklist(["line"], "common.invalidValue") },
  "common.invalidValue",
);

/** `extInfoJSON` is a JSON string holding `line_img`, `line` and `line_url` (decisions §3). */
export const serviceConfigAnswerSchema = v.object({ extInfoJSON: v.string() });

export const customerServiceSchema = v.object({
  /** Messaging-app QR image URL. */
  line_img: v.string(),
  /** Messaging-app account id. */
  line: v.string(),
  /** Link. */
  line_url: v.string(),
});

export type CustomerService = v.InferOutput<typeof customerServiceSchema>;
