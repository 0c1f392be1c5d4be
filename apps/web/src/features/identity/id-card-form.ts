import {
  type DomainError,
  displayPhone,
  emergencyContactsRequestSchema,
  genders,
  personalDetailsSchema,
  relations,
  validateEmergencyContacts,
  validatePersonalDetails,
} from "@chayong/domain";
import * as v from "valibot";
import { formPath } from "../../forms";
import {
  type ContactForm,
  emptyContact,
  emptyIdCardForm,
  emptyPhoto,
  type IdCardForm,
  type OcrReading,
  type PersonalField,
  type PhotoSlot,
  photoKinds,
  type UserDetail,
} from "./id-card-store";

const contactFormSchema = v.object({
  name: v.string(),
  phone: v.string(),
  relation: v.picklist([...relations, ""]),
});

/**
 * What the ID card form's fields hold (the rest of the page, photos and OCR, is in IdCardForm):
 * the uploaded photos' addresses ("" until uploaded), the details and the two contacts as typed.
 */
const idCardValuesSchema = v.object({
  frontPhotoUrl: v.string(),
  backPhotoUrl: v.string(),
  holdingPhotoUrl: v.string(),
  name: v.string(),
  idNumber: v.string(),
  gender: v.picklist([...genders, ""]),
  birthday: v.string(),
  address: v.string(),
  sharedDebtConsent: v.boolean(),
  contacts: v.strictTuple([contactFormSchema, contactFormSchema]),
});

export type IdCardValues = v.InferInput<typeof idCardValuesSchema>;

/** Every field of the ID card form. */
export const idCardFields = [
  "frontPhotoUrl",
  "backPhotoUrl",
  "holdingPhotoUrl",
  "name",
  "idNumber",
  "gender",
  "birthday",
  "address",
  "sharedDebtConsent",
  "contacts",
] as const satisfies readonly (keyof IdCardValues)[];

/** The fields' values of the page's state. */
export function valuesOf(form: IdCardForm): IdCardValues {
  const address = (kind: (typeof photoKinds)[number]) => {
    const photo = form.photos[kind];
    return photo.status === "done" ? (photo.address ?? "") : "";
  };
  return {
    frontPhotoUrl: address("front"),
    backPhotoUrl: address("back"),
    holdingPhotoUrl: address("holding"),
    name: form.name,
    idNumber: form.idNumber,
    gender: form.gender,
    birthday: form.birthday,
    address: form.address,
    sharedDebtConsent: form.sharedDebtConsent,
    contacts: form.contacts,
  };
}

/** The page's state with what the borrower typed (photos come from their uploads, not from here). */
export function withValues(form: IdCardForm, values: IdCardValues): IdCardForm {
  return {
    ...form,
    name: values.name,
    idNumber: values.idNumber,
    // Typed again after a reload: nothing left to ask for.
    idNumberNotKept: form.idNumberNotKept && values.idNumber === "",
    gender: values.gender,
    birthday: values.birthday,
    address: values.address,
    sharedDebtConsent: values.sharedDebtConsent,
    contacts: values.contacts,
  };
}

/** The form as the borrower left it on an earlier visit (photos, details, contacts). */
export function idCardFormOf(detail: UserDetail | undefined): IdCardForm {
  const form = emptyIdCardForm();
  if (!detail) return form;
  const photo = (address: string | null): PhotoSlot =>
    address ? { status: "done", address, previewUrl: address, pick: 0 } : emptyPhoto;
  const contactOf = (index: 0 | 1): ContactForm => {
    const contact = detail.contacts[index];
    return contact
      ? { name: contact.name, phone: displayPhone(contact.phone), relation: contact.relation }
      : emptyContact;
  };
  const contacts: [ContactForm, ContactForm] = [contactOf(0), contactOf(1)];
  const next: IdCardForm = {
    ...form,
    photos: {
      front: photo(detail.frontPhotoUrl),
      back: photo(detail.backPhotoUrl),
      holding: photo(detail.holdingPhotoUrl),
    },
    name: detail.name ?? "",
    gender: detail.gender ?? "",
    birthday: detail.birthday ?? "",
    address: detail.address ?? "",
    sharedDebtConsent: detail.sharedDebtConsent,
    contacts,
  };
  if (detail.idCardVerified) {
    next.confirmedEarlier = { idNumberMasked: detail.idNumberMasked };
    // Already read once: no second OCR of the same photos.
    const pair = ocrPairOf(next);
    if (pair) next.ocr = { status: "read", pair, available: true };
  }
  if (detail.contactsAdded) next.savedContactsKey = requestKey(contactsRequestOf(next));
  return next;
}

/**
 * Fresh previews for uploaded photos whose short-lived address (15 minutes) may have expired:
 * the server's current addresses of the same uploads (same path, newly signed). The addresses
 * sent in the requests stay as they are (the server reads the upload from the path).
 */
export function withFreshPreviews(form: IdCardForm, detail: UserDetail): IdCardForm {
  const fresh = {
    front: detail.frontPhotoUrl,
    back: detail.backPhotoUrl,
    holding: detail.holdingPhotoUrl,
  };
  const pathOf = (address: string) => address.split("?")[0];
  const photos = { ...form.photos };
  let changed = false;
  for (const kind of photoKinds) {
    const photo = form.photos[kind];
    const url = fresh[kind];
    if (
      url &&
      photo.status === "done" &&
      photo.address &&
      pathOf(photo.address) === pathOf(url) &&
      photo.previewUrl !== url &&
      !photo.previewUrl?.startsWith("blob:")
    ) {
      photos[kind] = { ...photo, previewUrl: url };
      changed = true;
    }
  }
  return changed ? { ...form, photos } : form;
}

/** The borrower edits details confirmed on an earlier visit: the number must be typed again. */
export function reopened(form: IdCardForm): IdCardForm {
  if (!form.confirmedEarlier) return form;
  return { ...form, confirmedEarlier: null, idNumber: "", confirmedKey: null };
}

/** Both sides of the card uploaded: what OCR reads (front and back addresses), else null. */
export function ocrPairOf(form: IdCardForm): string | null {
  const { front, back } = form.photos;
  return front.status === "done" && back.status === "done" && front.address && back.address
    ? `${front.address}\n${back.address}`
    : null;
}

/**
 * The side still missing while only one is uploaded (OCR waits for both): the page says so,
 * or the borrower waits for a reading that has not started. Null otherwise, and while the other
 * side is on its way: its tile says it is uploading, and asking for it would be wrong.
 */
export function missingSideOf(form: IdCardForm): "front" | "back" | null {
  const done = (side: "front" | "back") => form.photos[side].status === "done";
  if (done("front") === done("back")) return null;
  const missing = done("front") ? "back" : "front";
  return form.photos[missing].status === "uploading" ? null : missing;
}

/** OCR's reading fills the details it read, except those the borrower typed. */
export function withOcrReading(form: IdCardForm, reading: OcrReading): IdCardForm {
  const next = { ...form };
  const fill = <F extends PersonalField>(field: F, value: IdCardForm[F] | null) => {
    if (value !== null && value !== "" && !form.typed.includes(field)) next[field] = value;
  };
  fill("name", reading.name);
  fill("idNumber", reading.idNumber);
  fill("gender", reading.gender);
  fill("birthday", reading.birthday);
  fill("address", reading.address);
  return next;
}

export function isUploading(form: IdCardForm): boolean {
  return Object.values(form.photos).some((photo) => photo.status === "uploading");
}

/** The OCR confirm request as typed. */
function personalDraftOf(values: IdCardValues) {
  return {
    frontPhotoUrl: values.frontPhotoUrl,
    backPhotoUrl: values.backPhotoUrl,
    holdingPhotoUrl: values.holdingPhotoUrl,
    name: values.name,
    idNumber: values.idNumber,
    gender: values.gender,
    birthday: values.birthday,
    address: values.address,
    sharedDebtConsent: values.sharedDebtConsent,
  };
}

/** The emergency contact add request as typed. */
function contactsDraftOf(values: IdCardValues) {
  return { contacts: values.contacts.map((contact) => ({ ...contact })) };
}

/** What a confirm sends: the personal details (none when confirmed earlier) and the contacts. */
const idCardRequestEntries = v.object({
  personal: v.optional(personalDetailsSchema),
  contacts: emergencyContactsRequestSchema,
});

export type IdCardRequest = v.InferOutput<typeof idCardRequestEntries>;

/**
 * The two requests made of the form by the domain's schemas (`personalDetailsSchema`,
 * `emergencyContactsRequestSchema`: the ID number in canonical form, phones in E.164). Details
 * confirmed on an earlier visit are not sent again (their number was never answered whole).
 */
export function idCardRequestSchema(
  confirmedEarlier: boolean,
): v.GenericSchema<IdCardValues, IdCardRequest> {
  return v.pipe(
    idCardValuesSchema,
    // As typed, not yet checked: the schemas after it say what is wrong.
    v.transform((values): unknown => ({
      ...(confirmedEarlier ? {} : { personal: personalDraftOf(values) }),
      contacts: contactsDraftOf(values),
    })),
    idCardRequestEntries,
  );
}

/** The form field of a problem on a request field (`contacts.1.phone` -> `contacts[1].phone`). */
export function fieldOfRequest(field: string): string {
  return formPath(field.replace(/^personal\.|^contacts\.(?=contacts\.)/, ""));
}

/** The OCR confirm request the page would send now, checked; null when it would be refused. */
export function personalRequestOf(form: IdCardForm) {
  const parsed = v.safeParse(personalDetailsSchema, personalDraftOf(valuesOf(form)));
  return parsed.success ? parsed.output : null;
}

/** The emergency contact add request the page would send now, checked; null when refused. */
export function contactsRequestOf(form: IdCardForm) {
  const parsed = v.safeParse(emergencyContactsRequestSchema, contactsDraftOf(valuesOf(form)));
  return parsed.success ? parsed.output : null;
}

export function requestKey(request: unknown): string {
  return JSON.stringify(request);
}

/** Whether the personal details must go to the server (not confirmed as they are now). */
export function needsConfirm(form: IdCardForm): boolean {
  return (
    form.confirmedEarlier === null && form.confirmedKey !== requestKey(personalRequestOf(form))
  );
}

export function needsContacts(form: IdCardForm): boolean {
  return form.savedContactsKey !== requestKey(contactsRequestOf(form));
}

/**
 * What the server would refuse, found with the same domain rules before sending: the personal
 * details (unless confirmed earlier and untouched) and the two contacts, whose phones must differ
 * from the borrower's own and from each other. Fields as the server names them
 * (`frontPhotoUrl`, `idNumber`, `contacts.0.phone`...).
 */
export function problemsOf(
  values: IdCardValues,
  {
    confirmedEarlier,
    borrowerPhone,
    now,
  }: { confirmedEarlier: boolean; borrowerPhone: string; now: Date },
): DomainError[] {
  const problems: DomainError[] = [];
  if (!confirmedEarlier) {
    const personal = validatePersonalDetails(personalDraftOf(values), now);
    if (!personal.ok) problems.push(...personal.errors);
  }
  const contacts = validateEmergencyContacts(contactsDraftOf(values), borrowerPhone);
  if (!contacts.ok) problems.push(...contacts.errors);
  return problems;
}
