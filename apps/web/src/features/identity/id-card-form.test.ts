import { describe, expect, it } from "vitest";
import { fakeUserDetail } from "../../test/fake-identity";
import {
  idCardFormOf,
  missingSideOf,
  needsConfirm,
  needsContacts,
  ocrPairOf,
  personalRequestOf,
  problemsOf,
  reopened,
  requestKey,
  valuesOf,
  withFreshPreviews,
  withOcrReading,
  withValues,
} from "./id-card-form";
import { emptyIdCardForm, type IdCardForm, storableIdCardForm } from "./id-card-store";

const borrowerPhone = "+821012345678";
const done = (address: string) => ({ status: "done" as const, address, pick: 1 });

/** A form a borrower filled in completely (a valid Korean number for 1990-01-01, male). */
function filledForm(): IdCardForm {
  return {
    ...emptyIdCardForm(),
    photos: { front: done("/files/f"), back: done("/files/b"), holding: done("/files/h") },
    name: "홍길동",
    idNumber: "900101-1234567",
    gender: "male",
    birthday: "1990-01-01",
    address: "서울특별시 중구 세종대로 110",
    contacts: [
      { name: "김부모", phone: "010-9876-0001", relation: "parents" },
      { name: "이친구", phone: "010-9876-0002", relation: "friend" },
    ],
  };
}

describe("the ID card form", () => {
  it("starts empty, the shared-debt consent unticked", () => {
    const form = idCardFormOf(fakeUserDetail({ faceVerified: true }));
    expect(form).toEqual(emptyIdCardForm());
    expect(form.sharedDebtConsent).toBe(false);
  });

  it("resumes an earlier visit: photos, details, masked number, contacts", () => {
    const form = idCardFormOf(
      fakeUserDetail({
        faceVerified: true,
        idCardVerified: true,
        contactsAdded: true,
        sharedDebtConsent: true,
        frontPhotoUrl: "/files/f?sig",
        backPhotoUrl: "/files/b?sig",
        holdingPhotoUrl: "/files/h?sig",
        name: "홍길동",
        idNumberMasked: "900101-1******",
        gender: "male",
        birthday: "1990-01-01",
        address: "서울",
        contacts: [
          { name: "김부모", phone: "+821098760001", relation: "parents" },
          { name: "이친구", phone: "+821098760002", relation: "friend" },
        ],
      }),
    );
    expect(form.photos.front).toMatchObject({ status: "done", address: "/files/f?sig" });
    expect(form.confirmedEarlier).toEqual({ idNumberMasked: "900101-1******" });
    expect(form.contacts[0]).toEqual({
      name: "김부모",
      phone: "010-9876-0001",
      relation: "parents",
    });
    // Nothing to send again, and no second OCR of the same photos.
    expect(needsConfirm(form)).toBe(false);
    expect(needsContacts(form)).toBe(false);
    expect(form.ocr).toMatchObject({ status: "read", pair: ocrPairOf(form) });
    // Editing asks for the whole number again.
    const editing = reopened(form);
    expect(editing.confirmedEarlier).toBeNull();
    expect(editing.idNumber).toBe("");
    expect(needsConfirm(editing)).toBe(true);
  });

  it("reads both sides with OCR once both are uploaded", () => {
    const form = emptyIdCardForm();
    expect(ocrPairOf(form)).toBeNull();
    expect(
      ocrPairOf({ ...form, photos: { ...form.photos, front: done("/f"), back: done("/b") } }),
    ).toBe("/f\n/b");
  });

  it("lets OCR fill what it read, never what the borrower typed", () => {
    const form = { ...emptyIdCardForm(), name: "홍길순", typed: ["name" as const] };
    const filled = withOcrReading(form, {
      available: true,
      name: "홍길동",
      idNumber: "900101-1234567",
      gender: "male",
      birthday: "1990-01-01",
      address: null,
    });
    expect(filled).toMatchObject({
      name: "홍길순",
      idNumber: "900101-1234567",
      gender: "male",
      birthday: "1990-01-01",
      address: "",
    });
  });

  it("finds what the server would refuse, on the server's field names", () => {
    const fields = (form: IdCardForm) =>
      problemsOf(valuesOf(form), {
        confirmedEarlier: false,
        borrowerPhone,
        now: new Date("2026-03-01T00:00:00Z"),
      }).map((problem) => [problem.field, problem.key]);
    expect(fields(emptyIdCardForm())).toEqual(
      expect.arrayContaining([
        ["frontPhotoUrl", "identity.frontPhoto.required"],
        ["holdingPhotoUrl", "identity.holdingPhoto.required"],
        ["name", "identity.name.required"],
        ["idNumber", "identity.idNumber.required"],
        ["gender", "identity.gender.required"],
        ["birthday", "identity.birthday.required"],
        ["address", "identity.address.required"],
        ["contacts.0.name", "identity.contact1.name.required"],
        ["contacts.1.relation", "identity.contact2.relation.required"],
      ]),
    );
    expect(fields(filledForm())).toEqual([]);
    expect(fields({ ...filledForm(), birthday: "1991-01-01" })).toEqual([
      ["idNumber", "identity.idNumber.birthdayMismatch"],
    ]);
    // A Taiwanese card names no birthday: one still to come is refused on its own.
    expect(fields({ ...filledForm(), idNumber: "A123456789", birthday: "2030-01-01" })).toEqual([
      ["birthday", "identity.birthday.future"],
    ]);
    const samePhone = filledForm();
    samePhone.contacts[1] = { ...samePhone.contacts[1], phone: "010-1234-5678" };
    expect(fields(samePhone)).toEqual([["contacts.1.phone", "identity.contact.phoneDuplicate"]]);
  });

  it("sends the personal details again only when they changed since accepted", () => {
    const form = filledForm();
    const accepted = { ...form, confirmedKey: requestKey(personalRequestOf(form)) };
    expect(needsConfirm(form)).toBe(true);
    expect(needsConfirm(accepted)).toBe(false);
    expect(needsConfirm({ ...accepted, address: "부산" })).toBe(true);
    expect(needsConfirm({ ...accepted, sharedDebtConsent: true })).toBe(true);
  });
});

describe("what the browser keeps of the form", () => {
  it("never the ID number (nor a key made from it), only uploaded photos, no reading in progress", () => {
    const form: IdCardForm = {
      ...filledForm(),
      photos: {
        front: { status: "done", address: "/files/f?sig", previewUrl: "blob:one", pick: 3 },
        back: { status: "uploading", previewUrl: "blob:two", file: new Blob(["x"]), pick: 4 },
        holding: { status: "error", error: "failed", file: new Blob(["y"]), pick: 5 },
      },
      typed: ["name", "idNumber"],
      confirmedKey: requestKey(personalRequestOf(filledForm())),
      ocr: { status: "reading", pair: "/files/f\n/files/b" },
    };
    const stored = storableIdCardForm(form);
    expect(JSON.stringify(stored)).not.toContain("1234567");
    expect(stored.idNumber).toBe("");
    expect(stored.typed).toEqual(["name"]);
    expect(stored.confirmedKey).toBeNull();
    expect(stored.photos).toEqual({
      front: { status: "done", address: "/files/f?sig", previewUrl: "/files/f?sig", pick: 0 },
      back: { status: "empty", pick: 0 },
      holding: { status: "empty", pick: 0 },
    });
    expect(stored.ocr).toEqual({ status: "idle" });
    // The rest as typed.
    expect(stored.name).toBe("홍길동");
    expect(stored.contacts).toEqual(form.contacts);
  });

  it("keeps that there was a number, for the page to ask for it again, until one is typed", () => {
    const stored = storableIdCardForm(filledForm());
    expect(stored.idNumberNotKept).toBe(true);
    // Stored again before anything is typed: still to be asked for.
    expect(storableIdCardForm(stored).idNumberNotKept).toBe(true);
    const typed = withValues(stored, { ...valuesOf(stored), idNumber: "900101-1234567" });
    expect(typed.idNumberNotKept).toBe(false);
    // No number yet, nothing to ask for again.
    expect(storableIdCardForm(emptyIdCardForm()).idNumberNotKept).toBe(false);
  });
});

describe("the side still missing for OCR", () => {
  const uploading = { status: "uploading" as const, previewUrl: "blob:x", pick: 2 };
  it("is the side not picked, or whose upload failed, while the other is up", () => {
    const form = emptyIdCardForm();
    expect(missingSideOf(form)).toBeNull();
    expect(missingSideOf({ ...form, photos: { ...form.photos, back: done("/files/b") } })).toBe(
      "front",
    );
    expect(missingSideOf({ ...form, photos: { ...form.photos, front: done("/files/f") } })).toBe(
      "back",
    );
    const failed = { status: "error" as const, error: "failed", pick: 2 };
    expect(
      missingSideOf({ ...form, photos: { ...form.photos, front: failed, back: done("/files/b") } }),
    ).toBe("front");
  });

  it("is none while that side is still uploading (its tile says so)", () => {
    const form = emptyIdCardForm();
    expect(
      missingSideOf({ ...form, photos: { ...form.photos, front: uploading, back: done("/b") } }),
    ).toBeNull();
    expect(
      missingSideOf({ ...form, photos: { ...form.photos, front: done("/f"), back: uploading } }),
    ).toBeNull();
  });
});

describe("fresh previews", () => {
  it("takes the server's newly signed address of the same upload, for the preview only", () => {
    const form: IdCardForm = {
      ...filledForm(),
      photos: {
        front: { status: "done", address: "/files/f?old", previewUrl: "/files/f?old", pick: 0 },
        back: { status: "done", address: "/files/b?old", previewUrl: "blob:picked", pick: 1 },
        holding: { status: "done", address: "/files/other?old", previewUrl: "/x", pick: 0 },
      },
    };
    const detail = fakeUserDetail({
      frontPhotoUrl: "/files/f?new",
      backPhotoUrl: "/files/b?new",
      holdingPhotoUrl: "/files/h?new",
    });
    const next = withFreshPreviews(form, detail);
    expect(next.photos.front).toEqual({ ...form.photos.front, previewUrl: "/files/f?new" });
    // A picked file's own preview, and a different upload, stay.
    expect(next.photos.back).toBe(form.photos.back);
    expect(next.photos.holding).toBe(form.photos.holding);
    expect(ocrPairOf(next)).toBe(ocrPairOf(form));
    expect(withFreshPreviews(next, detail)).toBe(next);
  });
});
