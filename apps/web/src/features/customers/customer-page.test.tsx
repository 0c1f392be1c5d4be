import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FakeRoute } from "../../test/fake-api-server";
import { fakeContract } from "../../test/fake-contract";
import { fakeBlockList, fakeCustomerDetail } from "../../test/fake-customer";
import { fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderCustomer(
  routes: Record<string, FakeRoute>,
  path = "/pages/order/customer?id=contract-1",
) {
  return renderApp(path, {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
      "/api/v1/contract/detail": (payload) => ({
        body: fakeContract(Number((payload as { id: string }).id.split("-")[1]), {
          name: "첫 대출",
        }),
      }),
      ...routes,
    },
  });
}

describe("the customer details page", () => {
  it("reads the borrower of the contract and shows details, contacts, images and contracts", async () => {
    const { routes } = fakeBlockList();
    const { server } = renderCustomer(routes);
    await screen.findByRole("heading", { name: "김철수" });
    expect(
      server.calls.find((call) => call.path === "/api/v1/contract/userDetails")?.payload,
    ).toEqual({ id: "contract-1" });
    expect(screen.getAllByText("정상").length).toBeGreaterThan(0);
    expect(screen.getByText("010-1234-5678")).toBeTruthy();
    expect(screen.getByText("900101-1******")).toBeTruthy();
    expect(screen.getByText("010-5555-6666")).toBeTruthy();
    expect(screen.queryByText("이 고객은 아직 본인 인증을 마치지 않았습니다")).toBeNull();
    const front = screen.getByRole("img", { name: "신분증 앞면" }) as HTMLImageElement;
    expect(front.getAttribute("src")).toBe("/files/front?viewer=u-1&expires=1&signature=s");
    // A thumbnail opens the image full size.
    fireEvent.click(front);
    const viewer = await screen.findByRole("dialog", { name: "신분증 앞면" });
    expect(within(viewer).getByRole("img", { name: "신분증 앞면" })).toBeTruthy();
    fireEvent.click(within(viewer).getByRole("button", { name: "닫기" }));
    // The borrower's contracts with this lender; one opens its details.
    fireEvent.click(screen.getByRole("button", { name: "두 번째 대출" }));
    await screen.findByRole("heading", { name: "계약 상세" });
  });

  it("names the borrower's other phones on which he verified the same identity", async () => {
    // docs/identity.md, "One person, one identity": the same ID number and face on a second phone.
    const { routes } = fakeBlockList(fakeCustomerDetail({ alsoVerifiedOn: ["010-****-5678"] }));
    renderCustomer(routes);
    const label = await screen.findByText("다른 번호로도 인증됨");
    expect(label.nextElementSibling?.textContent).toBe("010-****-5678");
  });

  it("names them in Traditional Chinese too", async () => {
    localStorage.setItem("languageIndex", "1");
    const { routes } = fakeBlockList(fakeCustomerDetail({ alsoVerifiedOn: ["0912 *** 678"] }));
    renderCustomer(routes);
    const label = await screen.findByText("也以其他號碼完成驗證");
    expect(label.nextElementSibling?.textContent).toBe("0912 *** 678");
  });

  it("names no other phone when there is none", async () => {
    const { routes } = fakeBlockList();
    renderCustomer(routes);
    await screen.findByRole("heading", { name: "김철수" });
    expect(screen.queryByText("다른 번호로도 인증됨")).toBeNull();
  });

  it("asks the lender to look at a face check that came out 'review', and sends his decision", async () => {
    let status: "pending" | "approved" = "pending";
    const { routes } = fakeBlockList(fakeCustomerDetail());
    const { server } = renderCustomer({
      ...routes,
      "/api/v1/contract/userDetails": () => ({
        body: fakeCustomerDetail({
          faceReview: { status, score: 0.643, thresholds: { match: 0.75, review: 0.5 } },
        }),
      }),
      "/api/v1/contract/faceReview": () => {
        status = "approved";
        return { body: null };
      },
    });
    const panel = await screen.findByRole("region", { name: "얼굴 확인 검토 필요" });
    // The three photos side by side, and where the score fell.
    for (const name of ["얼굴 사진", "신분증 앞면", "신분증을 들고 찍은 사진"]) {
      expect(within(panel).getByRole("img", { name })).toBeTruthy();
    }
    expect(panel.textContent).toContain("유사도 64% (자동 일치 75% 이상, 자동 불일치 50% 미만)");
    fireEvent.click(within(panel).getByRole("button", { name: "같은 사람으로 승인" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "같은 사람으로 승인" }));
    await waitFor(() =>
      expect(
        server.calls.find((call) => call.path === "/api/v1/contract/faceReview")?.payload,
      ).toEqual({ id: "contract-1", decision: "approved" }),
    );
    // Read again: decided, no more buttons.
    expect((await within(panel).findByRole("status")).textContent).toBe(
      "같은 사람으로 승인했습니다",
    );
    expect(within(panel).queryByRole("button", { name: "같은 사람으로 승인" })).toBeNull();
  });

  it("says what is not provided yet and that verification is unfinished", async () => {
    const { routes } = fakeBlockList(
      fakeCustomerDetail({
        verified: false,
        name: null,
        idNumberMasked: null,
        gender: null,
        birthday: null,
        address: null,
        contacts: [],
        idCardFrontUrl: null,
        idCardBackUrl: null,
        holdingPhotoUrl: null,
        facePhotoUrl: null,
        contracts: [],
      }),
    );
    renderCustomer(routes);
    await screen.findByText("이 고객은 아직 본인 인증을 마치지 않았습니다");
    // Name (falls back to the phone as the heading), ID number, gender, birthday, address,
    // contacts and the four images.
    expect(screen.getAllByText("아직 제출되지 않음")).toHaveLength(10);
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("관련 계약 정보가 없습니다")).toBeTruthy();
  });

  it("blocks with a required reason of at most 200 characters, then shows the status blocked", async () => {
    const fake = fakeBlockList();
    const { server } = renderCustomer(fake.routes);
    await screen.findByRole("heading", { name: "김철수" });
    fireEvent.click(screen.getByRole("button", { name: "고객 차단" }));
    const sheet = await screen.findByRole("dialog", { name: "고객 차단" });
    expect(within(sheet).getByText(/이 고객을 차단하시겠습니까/)).toBeTruthy();
    fireEvent.click(within(sheet).getByRole("button", { name: "고객 차단" }));
    expect(await within(sheet).findByText("입력해 주세요")).toBeTruthy();
    const reason = within(sheet).getByLabelText(/차단 사유/);
    fireEvent.change(reason, { target: { value: "가".repeat(201) } });
    fireEvent.click(within(sheet).getByRole("button", { name: "고객 차단" }));
    expect(await within(sheet).findByText("200자 이내로 입력해 주세요")).toBeTruthy();
    expect(server.calls.some((call) => call.path === "/api/v1/contract/black")).toBe(false);

    fireEvent.change(reason, { target: { value: "연락 두절" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "고객 차단" }));
    await screen.findByText("차단되었습니다");
    expect(server.calls.find((call) => call.path === "/api/v1/contract/black")?.payload).toEqual({
      phone: "+821012345678",
      reason: "연락 두절",
      // Each creation carries its action's key (docs/idempotency.md).
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    await screen.findByRole("button", { name: "차단 해제" });
    expect(screen.getAllByText("차단됨").length).toBeGreaterThan(0);
    expect(fake.blocked()).toHaveLength(1);
  });

  it("shows a refusal in the server's words and keeps the reason typed", async () => {
    const { routes } = fakeBlockList();
    renderCustomer({
      ...routes,
      "/api/v1/contract/black": () => ({
        status: 429,
        message: "요청이 너무 잦습니다 (server)",
        body: null,
      }),
    });
    await screen.findByRole("heading", { name: "김철수" });
    fireEvent.click(screen.getByRole("button", { name: "고객 차단" }));
    let sheet = await screen.findByRole("dialog", { name: "고객 차단" });
    fireEvent.change(within(sheet).getByLabelText(/차단 사유/), { target: { value: "연락 두절" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "고객 차단" }));
    expect(await within(sheet).findByText("요청이 너무 잦습니다 (server)")).toBeTruthy();
    expect((within(sheet).getByLabelText(/차단 사유/) as HTMLInputElement).value).toBe("연락 두절");
    // Closing and opening again loses nothing either.
    fireEvent.click(within(sheet).getByRole("button", { name: "취소" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "고객 차단" }));
    sheet = await screen.findByRole("dialog", { name: "고객 차단" });
    expect((within(sheet).getByLabelText(/차단 사유/) as HTMLInputElement).value).toBe("연락 두절");
  });

  it("unblocks after confirmation", async () => {
    const customer = fakeCustomerDetail();
    const fake = fakeBlockList(customer, [
      { phone: customer.phone, reason: "연락 두절", blockedAt: "2026-03-01T00:00:00.000Z" },
    ]);
    renderCustomer(fake.routes);
    fireEvent.click(await screen.findByRole("button", { name: "차단 해제" }));
    const dialog = await screen.findByRole("alertdialog", { name: "차단 해제" });
    fireEvent.click(within(dialog).getByRole("button", { name: "차단 해제" }));
    await screen.findByText("차단이 해제되었습니다");
    await screen.findByRole("button", { name: "고객 차단" });
    expect(fake.blocked()).toHaveLength(0);
  });

  it("offers the customer from the lender's contract details", async () => {
    const { routes } = fakeBlockList();
    renderCustomer(routes, "/pages/order/common?id=contract-1");
    fireEvent.click(await screen.findByRole("button", { name: "고객 정보 보기" }));
    await screen.findByRole("heading", { name: "김철수" });
  });
});
