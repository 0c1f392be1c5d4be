import * as v from "valibot";
import { phoneField } from "../phone";
import { smsCode } from "./login-fields";

/** SMS code rules (docs/login.md#sms-codes), shared so the server enforces and the app explains the same. */
export const smsCodeRules = {
  length: 6,
  validForSeconds: 5 * 60,
  maxWrongAttempts: 5,
  resendCooldownSeconds: 60,
  maxSendsPerPhonePerHour: 5,
} as const;

const loginPhone = /* @__PURE__ */ phoneField("login.phone.required", "KR", { mobile: true });

/** Send SMS code request: the phone, normalised to E.164. */
export const sendCodeRequestSchema = v.strictObject({ phone: loginPhone }, "common.invalidValue");

/** Login request: the phone (E.164 out) and the 6-digit code. */
export const loginRequestSchema = v.strictObject(
  { phone: loginPhone, code: smsCode },
  "common.invalidValue",
);
