import { type DomainError, parseWithKeys, sharedDebtQuerySchema } from "@chayong/domain";

/** What the shared-debt lookup form holds while the lender types (docs/customers.md). */
export interface SharedDebtForm {
  phone: string;
  idNumber: string;
  /** Optional. */
  bankCard: string;
  /** Optional: kept in the lookup's audit record. */
  remark: string;
}

export const emptySharedDebtForm: SharedDebtForm = {
  phone: "",
  idNumber: "",
  bankCard: "",
  remark: "",
};

/** The lookup request, as typed (the server normalises it), optional fields left out when empty. */
export function sharedDebtRequestOf(form: SharedDebtForm): {
  phone: string;
  idNumber: string;
  bankCard?: string;
  remark?: string;
} {
  return {
    phone: form.phone,
    idNumber: form.idNumber,
    ...(form.bankCard.trim() === "" ? {} : { bankCard: form.bankCard }),
    ...(form.remark.trim() === "" ? {} : { remark: form.remark }),
  };
}

/** What the server would refuse, by the same domain schema (phone, ID number, card, remark). */
export function sharedDebtProblems(form: SharedDebtForm): DomainError[] {
  const result = parseWithKeys(sharedDebtQuerySchema, sharedDebtRequestOf(form));
  return result.ok ? [] : result.errors;
}
