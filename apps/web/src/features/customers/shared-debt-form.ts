import { sharedDebtQuerySchema } from "@chayong/domain";
import * as v from "valibot";

/** What the shared-debt lookup form holds while the lender types (docs/customers.md). */
const sharedDebtFormSchema = v.object({
  phone: v.string(),
  idNumber: v.string(),
  /** Optional. */
  bankCard: v.string(),
  /** Optional: kept in the lookup's audit record. */
  remark: v.string(),
});

export type SharedDebtForm = v.InferInput<typeof sharedDebtFormSchema>;

export const emptySharedDebtForm: SharedDebtForm = {
  phone: "",
  idNumber: "",
  bankCard: "",
  remark: "",
};

/**
 * The lookup request made of the form: optional fields left empty are left out, then the
 * domain's query schema (phone in E.164, the ID number in canonical form, the card's digits).
 */
export const sharedDebtRequestSchema = v.pipe(
  sharedDebtFormSchema,
  v.transform((form) => ({
    phone: form.phone,
    idNumber: form.idNumber,
    ...(form.bankCard.trim() === "" ? {} : { bankCard: form.bankCard }),
    ...(form.remark.trim() === "" ? {} : { remark: form.remark }),
  })),
  sharedDebtQuerySchema,
);
