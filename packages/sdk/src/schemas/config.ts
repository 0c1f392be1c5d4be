import { serviceConfigSchema } from "@chayong/domain";
import * as v from "valibot";

/** `extInfoJSON` is a JSON string holding `line_img`, `line` and `line_url` (docs/wire-protocol.md#service-config). */
export const serviceConfigAnswerSchema = v.object({ extInfoJSON: v.string() });

/** What `extInfoJSON` holds: line_img (QR image), line (account id), line_url (link). */
export const customerServiceSchema = serviceConfigSchema;

export type CustomerService = v.InferOutput<typeof customerServiceSchema>;
