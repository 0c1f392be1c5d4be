import * as v from "valibot";
import { calendarDateField, todayIn } from "../dates";
import { defaultTimeZoneOf } from "../jurisdiction";
import type { MessageKey } from "../messages";
import { normalizePhone, phoneField } from "../phone";
import { type DomainError, domainError, errorKinds, type Result } from "../result";
import { textField } from "../text";
import { issuesToErrors } from "../validation";
import { idCardAddressSchema } from "./address";
import { emergencyContactCount, genders, relations } from "./customer";
import { idNumberFacts, parseIdNumber } from "./id-number";

const maxNameLength = 50;

/* @__NO_SIDE_EFFECTS__ */
function text(requiredKey: MessageKey, maxLength: number) {
  return textField({ requiredKey, maxLength });
}

/** A contact with the generic prompts ('please fill in' / 'please select'), e.g. for display. */
export const emergencyContactSchema = v.strictObject(
  {
    name: text("common.pleaseFillIn", maxNameLength),
    phone: /* @__PURE__ */ phoneField("common.pleaseFillIn"),
    relation: v.picklist(relations, "common.pleaseSelect"),
  },
  "common.invalidValue",
);

/** The first or second contact of the ID card page, each field with its own message (docs/validation.md#id-card-page). */
/* @__NO_SIDE_EFFECTS__ */
export function emergencyContactSchemaFor(position: 1 | 2) {
  const keys = {
    1: [
      "identity.contact1.name.required",
      "identity.contact1.phone.required",
      "identity.contact1.relation.required",
    ],
    2: [
      "identity.contact2.name.required",
      "identity.contact2.phone.required",
      "identity.contact2.relation.required",
    ],
  } as const;
  const [nameKey, phoneKey, relationKey] = keys[position];
  return v.strictObject(
    {
      name: text(nameKey, maxNameLength),
      phone: phoneField(phoneKey),
      relation: v.picklist(relations, relationKey),
    },
    "common.invalidValue",
  );
}

/** Exactly two contacts: the first and the second, in order. */
export const emergencyContactsSchema = v.strictTuple(
  [emergencyContactSchemaFor(1), emergencyContactSchemaFor(2)],
  "identity.contact.count",
);

/** The emergency contact add request (docs/wire-protocol.md#endpoints). */
export const emergencyContactsRequestSchema = v.strictObject(
  { contacts: emergencyContactsSchema },
  "common.invalidValue",
);

/** The address of an uploaded photo, as the upload answered it. */
const maxPhotoUrlLength = 500;
const photo = /* @__NO_SIDE_EFFECTS__ */ (requiredKey: MessageKey) =>
  textField({ requiredKey, maxLength: maxPhotoUrlLength });

/**
 * The personal details of the ID card page (docs/validation.md#id-card-page): the three uploaded photos, and the
 * details OCR recognised and the borrower corrected. The OCR confirm request.
 */
const personalDetailsEntries = {
  frontPhotoUrl: photo("identity.frontPhoto.required"),
  backPhotoUrl: photo("identity.backPhoto.required"),
  holdingPhotoUrl: photo("identity.holdingPhoto.required"),
  name: text("identity.name.required", maxNameLength),
  idNumber: v.pipe(
    textField({ requiredKey: "identity.idNumber.required", maxLength: 32 }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const parsed = parseIdNumber(dataset.value);
      if (parsed) return parsed.normalized;
      addIssue({ message: "identity.idNumber.invalid" });
      return NEVER;
    }),
  ),
  gender: v.picklist(genders, "identity.gender.required"),
  birthday: calendarDateField("identity.birthday.required"),
  address: idCardAddressSchema,
  /** Whether the borrower agrees to appear in shared-debt answers (docs/customers.md#shared-debt-lookup); no by default. */
  sharedDebtConsent: v.optional(v.boolean("common.invalidValue"), false),
};

export const personalDetailsSchema = v.strictObject(personalDetailsEntries, "common.invalidValue");
export type PersonalDetails = v.InferOutput<typeof personalDetailsSchema>;

/** The whole ID card page: personal details and the two emergency contacts. */
export const identityDetailsSchema = v.strictObject(
  { ...personalDetailsEntries, contacts: emergencyContactsSchema },
  "common.invalidValue",
);

export type IdentityDetails = v.InferOutput<typeof identityDetailsSchema>;

/**
 * The whole ID card page, with the rules a schema cannot see (docs/identity.md): the birthday
 * has come (at `now`); the ID number agrees with the birthday and gender beside it; contact
 * phones differ from the borrower's and from each other, reported on the contact the borrower
 * must change.
 */
export function validateIdentityDetails(
  details: unknown,
  borrowerPhone: string,
  now: Date,
): Result<IdentityDetails> {
  const parsed = v.safeParse(identityDetailsSchema, details);
  if (!parsed.success) {
    const errors = issuesToErrors(parsed.issues, identityDetailsSchema);
    return { ok: false, errors: errors.concat(duplicatePhones(details, borrowerPhone, errors)) };
  }
  const errors = [
    ...personalDetailsProblems(parsed.output, now),
    ...duplicatePhones(parsed.output, borrowerPhone, []),
  ];
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: parsed.output };
}

/**
 * The personal details half of the ID card page (the OCR confirm request), with the rules a
 * schema cannot see: the birthday has come (at `now`), and the ID number agrees with the
 * birthday and gender beside it.
 */
export function validatePersonalDetails(details: unknown, now: Date): Result<PersonalDetails> {
  const parsed = v.safeParse(personalDetailsSchema, details);
  if (!parsed.success)
    return { ok: false, errors: issuesToErrors(parsed.issues, personalDetailsSchema) };
  const errors = personalDetailsProblems(parsed.output, now);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: parsed.output };
}

export type EmergencyContactsRequest = v.InferOutput<typeof emergencyContactsRequestSchema>;

/**
 * The emergency contacts half (the contact add request): exactly two, phones distinct from the
 * borrower's and from each other (fields `contacts.N.phone`).
 */
export function validateEmergencyContacts(
  request: unknown,
  borrowerPhone: string,
): Result<EmergencyContactsRequest> {
  const parsed = v.safeParse(emergencyContactsRequestSchema, request);
  if (!parsed.success) {
    const errors = issuesToErrors(parsed.issues, emergencyContactsRequestSchema);
    const contacts = (request as { contacts?: unknown } | null)?.contacts;
    return {
      ok: false,
      errors: errors.concat(duplicatePhones({ contacts }, borrowerPhone, errors)),
    };
  }
  const errors = duplicatePhones(parsed.output, borrowerPhone, []);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: parsed.output };
}

/** The rules of the personal details beyond their fields' shapes. */
function personalDetailsProblems(details: PersonalDetails, now: Date): DomainError[] {
  const future = birthdayToCome(details, now);
  return future.length > 0 ? future : idNumberDisagreements(details);
}

/**
 * A birthday still to come is a slip (a year picked wrong): refused on the birthday, against
 * today where the card was issued (a Taiwanese number: Taipei; any other: Seoul).
 */
function birthdayToCome(details: PersonalDetails, now: Date): DomainError[] {
  const jurisdiction = parseIdNumber(details.idNumber)?.kind === "TW-ID" ? "TW" : "KR";
  return details.birthday > todayIn(defaultTimeZoneOf(jurisdiction), now)
    ? [domainError(errorKinds.validation, "identity.birthday.future", "birthday")]
    : [];
}

/**
 * The ID number must agree with the birthday and gender typed beside it (a KR number names
 * both, a TW number the sex): a mistyped digit is caught here, reported on the number.
 */
function idNumberDisagreements(details: PersonalDetails): DomainError[] {
  const parsed = parseIdNumber(details.idNumber);
  if (!parsed) return [];
  const facts = idNumberFacts(parsed);
  const errors: DomainError[] = [];
  if (facts.birthday !== null && facts.birthday !== details.birthday) {
    errors.push(
      domainError(errorKinds.validation, "identity.idNumber.birthdayMismatch", "idNumber"),
    );
  } else if (facts.gender !== null && facts.gender !== details.gender) {
    errors.push(domainError(errorKinds.validation, "identity.idNumber.genderMismatch", "idNumber"));
  }
  return errors;
}

function duplicatePhones(
  details: unknown,
  borrowerPhone: string,
  known: DomainError[],
): DomainError[] {
  const contacts = (details as { contacts?: unknown } | null)?.contacts;
  if (!Array.isArray(contacts)) return [];
  const borrower = normalizePhone(borrowerPhone);
  const seen = new Set<string>(borrower.ok ? [borrower.value] : []);
  const errors: DomainError[] = [];
  contacts.slice(0, emergencyContactCount).forEach((contact, i) => {
    const field = `contacts.${i}.phone`;
    const raw = (contact as { phone?: unknown } | null)?.phone;
    if (typeof raw !== "string" || known.some((error) => error.field === field)) return;
    const phone = normalizePhone(raw);
    if (!phone.ok) return;
    if (seen.has(phone.value)) {
      errors.push(domainError(errorKinds.validation, "identity.contact.phoneDuplicate", field));
    }
    seen.add(phone.value);
  });
  return errors;
}
