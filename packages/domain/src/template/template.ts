import * as v from "valibot";
import { textField } from "../text";

/** A reusable set of contract fields (docs/entities.md#template): name, lender, merchant name. */
export interface ContractTemplate {
  id: string;
  name: string;
  lender: string;
  merchantName: string;
  createdAt: string;
}

export interface TemplateDraft {
  name: string;
  lender: string;
  merchantName: string;
}

const maxTemplateText = 100;

/* @__NO_SIDE_EFFECTS__ */
function requiredText(
  requiredKey:
    | "template.name.required"
    | "template.lender.required"
    | "template.merchantName.required",
) {
  return textField({ requiredKey, maxLength: maxTemplateText });
}

/** Template add request (docs/validation.md#templates: name, lender and merchant name are required). */
export const templateDraftSchema = v.strictObject(
  {
    name: requiredText("template.name.required"),
    lender: requiredText("template.lender.required"),
    merchantName: requiredText("template.merchantName.required"),
  },
  "common.invalidValue",
);

export const contractTemplateSchema = v.object({
  id: v.string(),
  name: v.string(),
  lender: v.string(),
  merchantName: v.string(),
  createdAt: v.string(),
}) satisfies v.GenericSchema<unknown, ContractTemplate>;

/** Template list query: search by name (docs/screens.md#templates); empty means all. */
export const templateQuerySchema = v.strictObject(
  { name: v.optional(textField({ maxLength: maxTemplateText }), "") },
  "common.invalidValue",
);
