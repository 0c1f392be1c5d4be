import {
  type DomainError,
  displayPhone,
  validateEmergencyContacts,
  validatePersonalDetails,
} from "@chayong/domain";
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

/** The OCR confirm request. */
export function personalRequestOf(form: IdCardForm) {
  return {
    frontPhotoUrl: form.photos.front.address ?? "",
    backPhotoUrl: form.photos.back.address ?? "",
    holdingPhotoUrl: form.photos.holding.address ?? "",
    name: form.name,
    idNumber: form.idNumber,
    gender: form.gender,
    birthday: form.birthday,
    address: form.address,
    sharedDebtConsent: form.sharedDebtConsent,
  };
}

/** The emergency contact add request. */
export function contactsRequestOf(form: IdCardForm) {
  return {
    contacts: form.contacts.map((contact) => ({ ...contact })) as [ContactForm, ContactForm],
  };
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
export function problemsOf(form: IdCardForm, borrowerPhone: string): DomainError[] {
  const problems: DomainError[] = [];
  if (form.confirmedEarlier === null) {
    const personal = validatePersonalDetails(personalRequestOf(form));
    if (!personal.ok) problems.push(...personal.errors);
  }
  const contacts = validateEmergencyContacts(contactsRequestOf(form), borrowerPhone);
  if (!contacts.ok) problems.push(...contacts.errors);
  return problems;
}

/** A problem the server reported, as its envelope body lists them. */
export interface ServerProblem {
  field: string | null;
  key: string;
  message: string;
}

/** The first message for each field ('form' for problems about no field). */
export function messagesByField(problems: readonly ServerProblem[]): Map<string, string> {
  const byField = new Map<string, string>();
  for (const problem of problems) {
    const field = problem.field ?? "form";
    if (!byField.has(field)) byField.set(field, problem.message);
  }
  return byField;
}
