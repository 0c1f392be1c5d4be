/**
 * Reading an ID card (its front; a Taiwanese card's back for the address) into the fields a borrower would otherwise type
 * (docs/identity.md, "Reading ID cards (OCR)"). A reading is a suggestion the borrower corrects
 * by hand, never a verification.
 */
export type IdCardCountry = "KR" | "TW";

export interface IdCardFields {
  name: string | null;
  /** Canonical form (`900101-1234567`, `A123456789`), and only when it passes `parseIdNumber`. */
  idNumber: string | null;
  gender: "male" | "female" | null;
  /** YYYY-MM-DD. */
  birthday: string | null;
  address: string | null;
}

export type IdCardReading =
  | { available: true; country: IdCardCountry | null; fields: IdCardFields }
  | { available: false; reason: string };

/** A rectangle in an image's pixels. */
export interface ImageBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where an expected ID number is printed in a photo (docs/identity.md, "Masked card images"):
 * `hidden` covers the characters `maskIdNumber` hides, with a margin, once for each time the
 * number is printed (none: not found). `otherNumbers` are the valid numbers read instead
 * (canonical form), to tell another card from an unreadable one.
 */
export type IdNumberSearch =
  | { available: true; hidden: ImageBox[]; otherNumbers: string[] }
  | { available: false; reason: string };

export interface IdCardReader {
  /**
   * Reads the card's `front`. `countries` is the order to try (default KR, then TW): the next is
   * tried only when the previous reading found no valid ID number. `back`, when given, is read
   * for the address when the front is Taiwanese and gave none (a 國民身分證 prints it on the
   * back). `available: false` when the engine or its language data is not installed; other
   * failures throw.
   */
  read(
    front: Uint8Array,
    options?: { countries?: readonly IdCardCountry[]; back?: Uint8Array },
  ): Promise<IdCardReading>;
  /**
   * Finds `idNumber` (canonical form; its kind names the language) printed in the image.
   * `available: false` as for `read`; other failures throw.
   */
  locate(image: Uint8Array, idNumber: string): Promise<IdNumberSearch>;
}

export const defaultIdCardCountries: readonly IdCardCountry[] = ["KR", "TW"];

export const emptyIdCardFields: IdCardFields = {
  name: null,
  idNumber: null,
  gender: null,
  birthday: null,
  address: null,
};
