import type { CustomerDetail } from "../features/customers/customer-page";
import type { FakeRoute } from "./fake-api-server";
import { fakeContract } from "./fake-contract";

/** The borrower of `fakeContract` as `contract.userDetails` answers it: verified, all images. */
export function fakeCustomerDetail(patch: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    status: "normal",
    name: "김철수",
    phone: "+821012345678",
    contacts: [
      { name: "김영희", phone: "+821055556666", relation: "spouse" },
      { name: "박민수", phone: "+821077778888", relation: "friend" },
    ],
    idNumberMasked: "900101-1******",
    gender: "male",
    birthday: "1990-01-01",
    address: "서울특별시 강남구 테헤란로 1",
    idCardFrontUrl: "/files/front?viewer=u-1&expires=1&signature=s",
    idCardBackUrl: "/files/back?viewer=u-1&expires=1&signature=s",
    holdingPhotoUrl: "/files/holding?viewer=u-1&expires=1&signature=s",
    facePhotoUrl: "/files/face?viewer=u-1&expires=1&signature=s",
    verified: true,
    faceReview: null,
    alsoVerifiedOn: [],
    contracts: [fakeContract(1, { name: "첫 대출" }), fakeContract(2, { name: "두 번째 대출" })],
    ...patch,
  };
}

/**
 * The block endpoints over one lender's block list, as the server keeps it (docs/customers.md):
 * blocking twice keeps the first, unblocking an unknown phone is a 404, the list newest first;
 * `userDetails` answers `customer` with its status from the list.
 */
export function fakeBlockList(
  customer: CustomerDetail = fakeCustomerDetail(),
  initial: Array<{ phone: string; reason: string; blockedAt: string }> = [],
): { routes: Record<string, FakeRoute>; blocked: () => typeof initial } {
  let list = [...initial];
  let clock = Date.parse("2026-03-10T09:00:00.000Z");
  return {
    routes: {
      "/api/v1/contract/userDetails": () => ({
        body: {
          ...customer,
          status: list.some((entry) => entry.phone === customer.phone) ? "blocked" : "normal",
        },
      }),
      "/api/v1/contract/black": (payload) => {
        const { phone, reason } = payload as { phone: string; reason: string };
        if (!list.some((entry) => entry.phone === phone)) {
          clock += 60_000;
          list = [{ phone, reason, blockedAt: new Date(clock).toISOString() }, ...list];
        }
        return { body: null };
      },
      "/api/v1/contract/unblock": (payload) => {
        const { phone } = payload as { phone: string };
        if (!list.some((entry) => entry.phone === phone)) {
          return { status: 404, message: "차단 목록에 없는 번호입니다", body: null };
        }
        list = list.filter((entry) => entry.phone !== phone);
        return { body: null };
      },
      "/api/v1/contract/blockList": () => ({ body: list }),
    },
    blocked: () => list,
  };
}
