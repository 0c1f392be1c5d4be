import type { Gender, Relation } from "@chayong/domain";
import type { Api } from "@chayong/sdk";
import { sessionScopedAtom } from "../../state/session-scoped";

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
}

/**
 * The ID card page's state, kept while the borrower goes to choose a location (or anywhere) and
 * comes back; forgotten when the session changes and once the details are accepted.
 */
export const idCardFormAtom = sessionScopedAtom<IdCardForm | null>(null);

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
    // The borrower chooses; never ticked for them (decisions §6).
    sharedDebtConsent: false,
    contacts: [emptyContact, emptyContact],
    typed: [],
    confirmedEarlier: null,
    confirmedKey: null,
    savedContactsKey: null,
    ocr: { status: "idle" },
  };
}
