import * as v from "valibot";
import { maxPhoneInputLength } from "../phone/input-length";
import { textField } from "../text";

/** An SMS login code: 6 digits (docs/login.md#sms-codes). */
export const smsCode = v.pipe(
  textField({ requiredKey: "login.code.required", maxLength: 32 }),
  v.regex(/^\d{6}$/, "login.code.invalid"),
);

const typedPhone = textField({
  requiredKey: "login.phone.required",
  maxLength: maxPhoneInputLength,
});

/**
 * What a login screen checks before it sends: the phone filled in, the code of 6 digits. Whether
 * the phone can receive SMS needs the phone rules (libphonenumber), which a first screen should
 * not wait for: the server checks it (`sendCodeRequestSchema`, `loginRequestSchema`) and says so
 * on the phone. The output is a valid request of either call. Apart from login.ts, which builds
 * the phone rules, so that importing these never brings them.
 */
export const sendCodeFieldsSchema = v.strictObject({ phone: typedPhone }, "common.invalidValue");
export const loginFieldsSchema = v.strictObject(
  { phone: typedPhone, code: smsCode },
  "common.invalidValue",
);
