import type { Gender, Relation } from "@chayong/domain";
import type { Api } from "@chayong/sdk";
import { atom, type SetStateAction } from "jotai";
import { sessionOnlyStorageKeys, sessionScopedAtom } from "../../state/session-scoped";

// The ID card page's state (types, the atom, the empty form), apart from the rules in
// id-card-form.ts: /choose-location fills the address in without loading the domain's
// phone rules.

export type UserDetail = Awaited<ReturnType<Api["identity"]["userDetail"]>>;
export type OcrReading = Awaited<ReturnType<Api["identity"]["ocrCheck"]>>;

export const photoKinds = ["front", "back", "holding"] as const;
export type PhotoKind = (typeof photoKinds)[number];

/** The request field of each photo (the server reports photo problems on these). */
export const photoFields = {
  front: "frontPhotoUrl",
  back: "backPhotoUrl",
  holding: "holdingPhotoUrl",
} as const satisfies Record<PhotoKind, string>;

export interface PhotoSlot {
  status: "empty" | "uploading" | "done" | "error";
  /** What the borrower sees: the picked file, or the stored image's short-lived address. */
  previewUrl?: string;
  /** The address the upload answered, named in the identity requests. */
  address?: string;
  /** The picked file, for a retry after a failed upload. */
  file?: Blob;
  /** Why the upload failed, in the borrower's language. */
  error?: string;
  /** Counts the picks of this slot: the answer to an earlier pick is dropped. */
  pick: number;
}

export interface ContactForm {
  name: string;
  phone: string;
  relation: Relation | "";
}

export const personalFields = ["name", "idNumber", "gender", "birthday", "address"] as const;
export type PersonalField = (typeof personalFields)[number];

export type OcrState =
  | { status: "idle" }
  | { status: "reading"; pair: string }
  | { status: "read"; pair: string; available: boolean }
  | { status: "failed"; pair: string; message: string };

/** Everything the ID card page holds while the borrower fills it in. */
export interface IdCardForm {
  photos: Record<PhotoKind, PhotoSlot>;
  name: string;
  idNumber: string;
  gender: Gender | "";
  birthday: string;
  address: string;
  sharedDebtConsent: boolean;
  contacts: [ContactForm, ContactForm];
  /** Details the borrower typed: a later OCR reading never overwrites them. */
  typed: PersonalField[];
  /**
   * The ID card was confirmed on an earlier visit: its details are shown with the number masked
   * (the server never answers it whole) and not sent again, until the borrower edits them.
   */
  confirmedEarlier: { idNumberMasked: string | null } | null;
  /** The personal details the server last accepted: not sent again unchanged. */
  confirmedKey: string | null;
  /** The contacts the server last accepted. */
  savedContactsKey: string | null;
  ocr: OcrState;
  /**
   * An ID number was filled in when the form was stored, and storage never keeps it
   * (`storableIdCardForm`): after a reload the page says it must be typed again, rather than
   * leaving the field blank as if the card had not been read. Cleared once one is typed.
   */
  idNumberNotKept: boolean;
}

export const emptyPhoto: PhotoSlot = { status: "empty", pick: 0 };
export const emptyContact: ContactForm = { name: "", phone: "", relation: "" };

export function emptyIdCardForm(): IdCardForm {
  return {
    photos: { front: emptyPhoto, back: emptyPhoto, holding: emptyPhoto },
    name: "",
    idNumber: "",
    gender: "",
    birthday: "",
    address: "",
    // The borrower chooses; never ticked for them (docs/customers.md#shared-debt-lookup).
    sharedDebtConsent: false,
    contacts: [emptyContact, emptyContact],
    typed: [],
    confirmedEarlier: null,
    confirmedKey: null,
    savedContactsKey: null,
    ocr: { status: "idle" },
    idNumberNotKept: false,
  };
}

/** The session storage entry of the ID card form. */
export const idCardFormStorageKey = sessionOnlyStorageKeys.idCardForm;

/**
 * What the browser keeps of the form: never the ID number (nor a key made from it), only that
 * there was one, for the page to ask for it again (docs/screens.md#verification-flow); photos only
 * once uploaded, by their address (a picked file and its `blob:` preview die with the page); an
 * OCR reading in progress is read again.
 */
export function storableIdCardForm(form: IdCardForm): IdCardForm {
  const photo = (slot: PhotoSlot): PhotoSlot =>
    slot.status === "done" && slot.address
      ? {
          status: "done",
          address: slot.address,
          previewUrl:
            slot.previewUrl && !slot.previewUrl.startsWith("blob:")
              ? slot.previewUrl
              : slot.address,
          pick: 0,
        }
      : emptyPhoto;
  return {
    ...form,
    photos: {
      front: photo(form.photos.front),
      back: photo(form.photos.back),
      holding: photo(form.photos.holding),
    },
    idNumber: "",
    idNumberNotKept: form.idNumberNotKept || form.idNumber.trim() !== "",
    typed: form.typed.filter((field) => field !== "idNumber"),
    confirmedKey: null,
    ocr: form.ocr.status === "reading" ? { status: "idle" } : form.ocr,
  };
}

function isStoredForm(value: unknown): value is IdCardForm {
  if (typeof value !== "object" || value === null) return false;
  const form = value as Partial<IdCardForm>;
  return (
    typeof form.photos === "object" &&
    form.photos !== null &&
    photoKinds.every((kind) => typeof form.photos?.[kind]?.status === "string") &&
    Array.isArray(form.contacts) &&
    form.contacts.length === 2 &&
    Array.isArray(form.typed) &&
    typeof form.ocr?.status === "string"
  );
}

function readStoredForm(): IdCardForm | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(idCardFormStorageKey);
    const stored: unknown = raw ? JSON.parse(raw) : null;
    return isStoredForm(stored) ? { ...emptyIdCardForm(), ...stored } : null;
  } catch {
    return null;
  }
}

function storeForm(form: IdCardForm | null): void {
  try {
    if (form === null) globalThis.sessionStorage?.removeItem(idCardFormStorageKey);
    else
      globalThis.sessionStorage?.setItem(
        idCardFormStorageKey,
        JSON.stringify(storableIdCardForm(form)),
      );
  } catch {
    // Storage full or unavailable: the form lives in memory only.
  }
}

// Not yet read from session storage (each store reads it on first use).
const notRead = Symbol("notRead");
// A new session reads storage again and finds nothing: forgetSessionAtom removed the entry
// (src/state/session-scoped.ts, sessionOnlyStorageKeys).
const formInMemoryAtom = sessionScopedAtom<IdCardForm | null | typeof notRead>(notRead);

/**
 * The ID card page's state, kept while the borrower goes to choose a location (or anywhere) and
 * comes back, and in session storage for a reload (the camera app taking over the phone can
 * reload the page): storableIdCardForm says what is kept. Forgotten when the session changes and
 * once the details are accepted. (Plain atoms, not jotai/utils' atomWithStorage: that would move
 * into the shell's chunk.)
 */
export const idCardFormAtom = atom(
  (get) => {
    const form = get(formInMemoryAtom);
    return form === notRead ? readStoredForm() : form;
  },
  (get, set, update: SetStateAction<IdCardForm | null>) => {
    const next = typeof update === "function" ? update(get(idCardFormAtom)) : update;
    set(formInMemoryAtom, next);
    storeForm(next);
  },
);
