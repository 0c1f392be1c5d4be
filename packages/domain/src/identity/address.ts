import { textField } from "../text";

/** The longest detailed address (docs/validation.md#id-card-page). */
export const maxAddressLength = 200;

/**
 * The detailed address of the ID card page: required, one line, at most 200 characters. Apart
 * from the rest of the page's rules, so a page that only asks for the address (/choose-location)
 * does not load the phone rules.
 */
export const idCardAddressSchema = /* @__PURE__ */ textField({
  requiredKey: "identity.address.required",
  maxLength: maxAddressLength,
});
