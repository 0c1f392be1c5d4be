import { describe, expect, it } from "vitest";
import type { MessageKey } from "../messages";
import { idNumberFacts, isValidIdNumber, maskIdNumber, parseIdNumber } from "./id-number";
import {
  validateEmergencyContacts,
  validateIdentityDetails,
  validatePersonalDetails,
} from "./identity";

const borrowerPhone = "+821012345678";
/** 2026-03-01 09:00 in Seoul, 08:00 in Taipei. */
const now = new Date("2026-03-01T00:00:00Z");
const valid = {
  frontPhotoUrl: "file-front",
  backPhotoUrl: "file-back",
  holdingPhotoUrl: "file-holding",
  name: "Kim Minsu",
  idNumber: "9001011234567",
  gender: "male",
  birthday: "1990-01-01",
  address: "1 Sejong-daero, Jung-gu, Seoul",
  contacts: [
    { name: "Kim Parent", phone: "010-2222-3333", relation: "parents" },
    { name: "Lee Friend", phone: "010-4444-5555", relation: "friend" },
  ],
};

const errorsOf = (details: unknown) => {
  const result = validateIdentityDetails(details, borrowerPhone, now);
  return result.ok ? [] : result.errors.map((e) => [e.key, e.field]);
};

const without = (key: keyof typeof valid) => {
  const { [key]: _omitted, ...rest } = valid;
  return rest;
};
const withContact = (i: 0 | 1, change: Record<string, unknown>) => ({
  ...valid,
  contacts: valid.contacts.map((contact, j) => (j === i ? { ...contact, ...change } : contact)),
});
const withoutContactField = (i: 0 | 1, key: string) => ({
  ...valid,
  contacts: valid.contacts.map((contact, j) => {
    if (j !== i) return contact;
    const { [key as keyof typeof contact]: _omitted, ...rest } = contact;
    return rest;
  }),
});

describe("validateIdentityDetails: one row per ID card page message (docs/validation.md#id-card-page)", () => {
  it.each<[string, unknown, MessageKey, string]>([
    ["front photo", without("frontPhotoUrl"), "identity.frontPhoto.required", "frontPhotoUrl"],
    ["back photo", without("backPhotoUrl"), "identity.backPhoto.required", "backPhotoUrl"],
    [
      "holding photo",
      { ...valid, holdingPhotoUrl: "" },
      "identity.holdingPhoto.required",
      "holdingPhotoUrl",
    ],
    ["name", without("name"), "identity.name.required", "name"],
    ["ID number missing", without("idNumber"), "identity.idNumber.required", "idNumber"],
    [
      "ID number invalid",
      { ...valid, idNumber: "901301-1234567" },
      "identity.idNumber.invalid",
      "idNumber",
    ],
    ["gender", without("gender"), "identity.gender.required", "gender"],
    ["birthday", without("birthday"), "identity.birthday.required", "birthday"],
    ["address", { ...valid, address: "  " }, "identity.address.required", "address"],
    [
      "contact 1 name",
      withoutContactField(0, "name"),
      "identity.contact1.name.required",
      "contacts.0.name",
    ],
    [
      "contact 1 phone",
      withoutContactField(0, "phone"),
      "identity.contact1.phone.required",
      "contacts.0.phone",
    ],
    [
      "contact 1 relation",
      withContact(0, { relation: "cousin" }),
      "identity.contact1.relation.required",
      "contacts.0.relation",
    ],
    [
      "contact 2 name",
      withContact(1, { name: "" }),
      "identity.contact2.name.required",
      "contacts.1.name",
    ],
    [
      "contact 2 phone",
      withoutContactField(1, "phone"),
      "identity.contact2.phone.required",
      "contacts.1.phone",
    ],
    [
      "contact 2 relation",
      withoutContactField(1, "relation"),
      "identity.contact2.relation.required",
      "contacts.1.relation",
    ],
    ["contact phone invalid", withContact(1, { phone: "12" }), "phone.invalid", "contacts.1.phone"],
    [
      "contact phone = borrower's",
      withContact(0, { phone: "+82 10 1234 5678" }),
      "identity.contact.phoneDuplicate",
      "contacts.0.phone",
    ],
    [
      "contact phones equal",
      withContact(1, { phone: "01022223333" }),
      "identity.contact.phoneDuplicate",
      "contacts.1.phone",
    ],
    [
      "only one contact",
      { ...valid, contacts: [valid.contacts[0]] },
      "identity.contact.count",
      "contacts.1",
    ],
    [
      "three contacts",
      { ...valid, contacts: [...valid.contacts, valid.contacts[0]] },
      "identity.contact.count",
      "contacts.2",
    ],
    ["contacts not a list", { ...valid, contacts: "none" }, "identity.contact.count", "contacts"],
  ])("%s -> %s", (_name, details, key, field) => {
    expect(errorsOf(details)).toContainEqual([key, field]);
  });

  it("normalises phones and the ID number", () => {
    const result = validateIdentityDetails(valid, borrowerPhone, now);
    expect(result.ok && result.value).toMatchObject({
      idNumber: "900101-1234567",
      sharedDebtConsent: false,
      contacts: [
        { phone: "+821022223333", relation: "parents" },
        { phone: "+821044445555", relation: "friend" },
      ],
    });
  });
});

describe("ID numbers", () => {
  it("masks a Korean RRN to its birth date and sex digit", () => {
    expect(maskIdNumber("9001011234567")).toBe("900101-1******");
  });

  it("accepts RRNs whose date exists in the century their 7th digit names", () => {
    expect(parseIdNumber("040229-3123456")).toEqual({
      kind: "KR-RRN",
      normalized: "040229-3123456",
    });
    expect(parseIdNumber("000229-1123456")).toBeNull(); // 1900 was not a leap year
    expect(parseIdNumber("000229-3123456")).not.toBeNull(); // 2000 was
    expect(parseIdNumber("050229-4123456")).toBeNull(); // 2005 was not
    expect(parseIdNumber("900101-123456")).toBeNull();
  });

  it("verifies Taiwanese check digits", () => {
    // A=10: 1x1 + 0x9 + 1x8 + 2x7 + 3x6 + 4x5 + 5x4 + 6x3 + 7x2 + 8x1 + 9 = 130, divisible by 10.
    expect(parseIdNumber("a123456789")).toEqual({ kind: "TW-ID", normalized: "A123456789" });
    expect(isValidIdNumber("A123456788")).toBe(false);
    expect(maskIdNumber("A123456789")).toBe("A1********");
    expect(maskIdNumber("garbage")).toBe("*******");
  });

  it("tells what a number says about its holder", () => {
    const facts = (input: string) =>
      idNumberFacts(parseIdNumber(input) as NonNullable<ReturnType<typeof parseIdNumber>>);
    expect(facts("900101-1234567")).toEqual({ birthday: "1990-01-01", gender: "male" });
    expect(facts("040229-4123456")).toEqual({ birthday: "2004-02-29", gender: "female" });
    expect(facts("A123456789")).toEqual({ birthday: null, gender: "male" });
    expect(facts("A223456781")).toEqual({ birthday: null, gender: "female" });
  });
});

describe("the birthday has come, where the card was issued", () => {
  it.each<[string, Record<string, unknown>, Date, MessageKey | null]>([
    [
      "a KR number of 2030, born 2030",
      { idNumber: "300101-3234567", birthday: "2030-01-01" },
      now,
      "identity.birthday.future",
    ],
    [
      "a TW number, born tomorrow",
      { idNumber: "A123456789", birthday: "2026-03-02" },
      now,
      "identity.birthday.future",
    ],
    ["a TW number, born today", { idNumber: "A123456789", birthday: "2026-03-01" }, now, null],
    // 2026-02-28 23:30 in Taipei is already 2026-03-01 00:30 in Seoul.
    [
      "a TW number, born on Seoul's today but Taipei's tomorrow",
      { idNumber: "A123456789", birthday: "2026-03-01" },
      new Date("2026-02-28T15:30:00Z"),
      "identity.birthday.future",
    ],
    [
      "a KR number, born on Seoul's today",
      { idNumber: "260301-3234567", birthday: "2026-03-01" },
      new Date("2026-02-28T15:30:00Z"),
      null,
    ],
  ])("%s", (_name, change, at, key) => {
    const result = validateIdentityDetails({ ...valid, ...change }, borrowerPhone, at);
    expect(result.ok ? [] : result.errors.map((e) => [e.key, e.field])).toEqual(
      key ? [[key, "birthday"]] : [],
    );
  });
});

describe("the ID number agrees with the birthday and gender beside it", () => {
  it.each<[string, Record<string, unknown>, MessageKey | null]>([
    ["a KR number, its own birthday and sex", {}, null],
    [
      "a KR number, another birthday",
      { birthday: "1990-01-02" },
      "identity.idNumber.birthdayMismatch",
    ],
    [
      "a KR number of 1990, born 2090 (the 7th digit's century)",
      { idNumber: "900101-3234567", birthday: "1990-01-01" },
      "identity.idNumber.birthdayMismatch",
    ],
    ["a KR number, the other sex", { gender: "female" }, "identity.idNumber.genderMismatch"],
    ["a TW number names only the sex", { idNumber: "A123456789", birthday: "1985-07-07" }, null],
    [
      "a TW number, the other sex",
      { idNumber: "A123456789", gender: "female" },
      "identity.idNumber.genderMismatch",
    ],
  ])("%s", (_name, change, key) => {
    expect(errorsOf({ ...valid, ...change })).toEqual(key ? [[key, "idNumber"]] : []);
  });
});

describe("the two halves of the page, as their requests send them", () => {
  const { contacts, ...personal } = valid;

  it("validates the personal details alone, the ID number agreeing with them", () => {
    expect(validatePersonalDetails(personal, now)).toMatchObject({ ok: true });
    const keys = (details: unknown) => {
      const result = validatePersonalDetails(details, now);
      return result.ok ? [] : result.errors.map((e) => [e.key, e.field]);
    };
    expect(keys({ ...personal, gender: "female" })).toEqual([
      ["identity.idNumber.genderMismatch", "idNumber"],
    ]);
    expect(keys({ ...personal, contacts })).toEqual([["common.unknownField", "contacts"]]);
    expect(keys({ ...personal, address: "" })).toEqual([["identity.address.required", "address"]]);
  });

  it("validates the contacts alone, phones distinct from the borrower's and each other", () => {
    expect(validateEmergencyContacts({ contacts }, borrowerPhone)).toMatchObject({ ok: true });
    const keys = (request: unknown) => {
      const result = validateEmergencyContacts(request, borrowerPhone);
      return result.ok ? [] : result.errors.map((e) => [e.key, e.field]);
    };
    const mine = contacts.map((contact, i) =>
      i === 1 ? { ...contact, phone: "010-1234-5678" } : contact,
    );
    expect(keys({ contacts: mine })).toEqual([
      ["identity.contact.phoneDuplicate", "contacts.1.phone"],
    ]);
    const noName = contacts.map((contact, i) => (i === 0 ? { ...contact, name: "" } : contact));
    const same = noName.map((contact) => ({ ...contact, phone: "010-2222-3333" }));
    expect(keys({ contacts: same })).toEqual([
      ["identity.contact1.name.required", "contacts.0.name"],
      ["identity.contact.phoneDuplicate", "contacts.1.phone"],
    ]);
    // The missing second contact is the one to fill in.
    expect(keys({ contacts: contacts.slice(0, 1) })).toEqual([
      ["identity.contact.count", "contacts.1"],
    ]);
  });
});
