import type { UserDetail } from "../features/identity/id-card-store";
import type { FakeRoute } from "./fake-api-server";

/** A borrower's verification record as queryUserDetail answers it: nothing done yet. */
export function fakeUserDetail(patch: Partial<UserDetail> = {}): UserDetail {
  return {
    verified: false,
    faceDecision: null,
    faceVerified: false,
    idCardVerified: false,
    contactsAdded: false,
    sharedDebtConsent: false,
    facePhotoUrl: null,
    frontPhotoUrl: null,
    backPhotoUrl: null,
    holdingPhotoUrl: null,
    name: null,
    idNumberMasked: null,
    gender: null,
    birthday: null,
    address: null,
    contacts: [],
    locked: false,
    ...patch,
  };
}

/** The upload endpoint: each file gets the next signed address, `/files/upload-N?...`. */
export function fakeUploads(): { route: FakeRoute; count: () => number } {
  let uploads = 0;
  return {
    route: () => {
      uploads += 1;
      return {
        body: {
          path: `/files/upload-${uploads}`,
          size: 1234,
          width: 640,
          height: 480,
          name: `upload-${uploads}.jpg`,
          url: `/files/upload-${uploads}?viewer=u-2&expires=1&signature=s`,
        },
      };
    },
    count: () => uploads,
  };
}
