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
}

export const defaultIdCardCountries: readonly IdCardCountry[] = ["KR", "TW"];

export const emptyIdCardFields: IdCardFields = {
  name: null,
  idNumber: null,
  gender: null,
  birthday: null,
  address: null,
};
