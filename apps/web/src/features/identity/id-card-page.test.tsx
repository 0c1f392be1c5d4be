import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokenAtom } from "../../state/storage";
import type { FakeAnswer, FakeRoute } from "../../test/fake-api-server";
import { fakeUploads, fakeUserDetail } from "../../test/fake-identity";
import { fakeBorrower } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signPage = "/pages/loans/sign?code=abc123";
const idCardPage = `/pages/me/idCard?redirect=${encodeURIComponent(signPage)}`;
const reading = {
  available: true,
  name: "홍길동",
  idNumber: "900101-1234567",
  gender: "male",
  birthday: "1990-01-01",
  address: "서울특별시 중구 세종대로 110",
};

function renderIdCard(routes: Record<string, FakeRoute> = {}, path = idCardPage) {
  const uploads = fakeUploads();
  const app = renderApp(path, {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail({ faceVerified: true }) }),
      "/upload/image": uploads.route,
      "/api/v3/userAuth/ocrCheck": () => ({ body: reading }),
      "/api/v3/userAuth/ocrConfirm": () => ({ body: null }),
      "/api/v3/emergencyContact/add": () => ({ body: null }),
      ...routes,
    },
  });
  return {
    ...app,
    uploads,
    calls: (path: string) => app.server.calls.filter((c) => c.path === path),
  };
}

const image = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: "image/png" });

async function pick(tile: RegExp, name = "card.png") {
  const input = await screen.findByLabelText(tile);
  fireEvent.change(input, { target: { files: [image(name)] } });
}

/** Picks the three photos and waits until each has uploaded (no progress bar left). */
async function uploadAll() {
  await pick(/^신분증 앞면/);
  await pick(/^신분증 뒷면/);
  await pick(/^신분증을 들고 찍은 사진/);
  await vi.waitFor(() => expect(screen.queryAllByRole("progressbar")).toHaveLength(0));
}

function field(label: string, index = 0) {
  return screen.getAllByLabelText(new RegExp(`^${label}`))[index] as HTMLInputElement;
}

function fillContacts() {
  const contacts = screen
    .getAllByRole("group")
    .filter((group) => /비상 연락처 \d/.test(group.textContent ?? ""));
  const values = [
    ["김부모", "010-9876-0001", "parents"],
    ["이친구", "010-9876-0002", "friend"],
  ];
  contacts.forEach((group, index) => {
    const [name = "", phone = "", relation = ""] = values[index] ?? [];
    fireEvent.change(within(group).getByLabelText(/^이름/), { target: { value: name } });
    fireEvent.change(within(group).getByLabelText(/^전화번호/), { target: { value: phone } });
    fireEvent.change(within(group).getByLabelText(/^관계/), { target: { value: relation } });
  });
}

const confirm = () => fireEvent.click(screen.getByRole("button", { name: "확인" }));

describe("the ID card page", () => {
  it("uploads the photos, prefills with OCR, checks the form, sends it and goes back to sign", async () => {
    // The holding photo's upload waits, to see its progress and a submit during it.
    let finishHolding: () => void = () => {};
    const holdingDone = new Promise<void>((resolve) => {
      finishHolding = resolve;
    });
    const uploads = fakeUploads();
    const { router, calls } = renderIdCard({
      "/upload/image": async (payload): Promise<FakeAnswer> => {
        if ((payload as { file: { name: string } }).file.name === "holding.png") await holdingDone;
        return uploads.route(payload);
      },
    });
    await screen.findByText(/실제로 연락이 닿는 번호를 입력해 주세요/);
    const steps = screen.getByRole("list", { name: "본인 인증 단계" });
    expect(within(steps).getByText("2").closest("li")?.getAttribute("aria-current")).toBe("step");
    expect(screen.getByText(/실제로 연락이 닿는 번호를 입력해 주세요/)).toBeTruthy();

    await pick(/^신분증 앞면/);
    await pick(/^신분증 뒷면/);
    // Both sides: OCR reads them once and prefills the details.
    await vi.waitFor(() => expect(field("이름").value).toBe("홍길동"));
    expect(field("주민등록번호").value).toBe("900101-1234567");
    expect((screen.getByLabelText(/^성별/) as HTMLSelectElement).value).toBe("male");
    expect(field("생년월일").value).toBe("1990-01-01");
    expect(field("상세 주소").value).toBe("서울특별시 중구 세종대로 110");
    expect(screen.getByText("인식된 정보를 확인하고, 틀린 부분은 직접 수정해 주세요")).toBeTruthy();
    expect(calls("/api/v3/userAuth/ocrCheck").map((call) => call.payload)).toEqual([
      {
        frontPhotoUrl: "/files/upload-1?viewer=u-2&expires=1&signature=s",
        backPhotoUrl: "/files/upload-2?viewer=u-2&expires=1&signature=s",
      },
    ]);

    await pick(/^신분증을 들고 찍은 사진/, "holding.png");
    expect(await screen.findByText("업로드 중…")).toBeTruthy();
    expect(screen.getByRole("progressbar")).toBeTruthy();
    confirm();
    expect(await screen.findByText("이미지 업로드가 끝날 때까지 기다려 주세요")).toBeTruthy();
    finishHolding();
    await vi.waitFor(() => expect(screen.queryByText("업로드 중…")).toBeNull());

    // The contacts are missing: each field says what to fill in; nothing is sent.
    confirm();
    expect(await screen.findByText("비상 연락처 1의 이름을 입력해 주세요")).toBeTruthy();
    expect(screen.getByText("비상 연락처 2와의 관계를 선택해 주세요")).toBeTruthy();
    expect(calls("/api/v3/userAuth/ocrConfirm")).toEqual([]);

    fillContacts();
    const consent = screen.getByRole("checkbox", { name: /다중 채무 조회/ }) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    fireEvent.click(consent);
    confirm();

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/loans/sign"));
    expect(router.state.location.search).toEqual({ code: "abc123" });
    // Verified: the form is forgotten, in memory and in the browser, once the page is left (the
    // sign page may still be loading when the address has changed: a loaded CI run saw it).
    await vi.waitFor(() => expect(sessionStorage.getItem("idCardForm")).toBeNull());
    const { available: _available, ...details } = reading;
    expect(calls("/api/v3/userAuth/ocrConfirm").map((call) => call.payload)).toEqual([
      {
        frontPhotoUrl: "/files/upload-1?viewer=u-2&expires=1&signature=s",
        backPhotoUrl: "/files/upload-2?viewer=u-2&expires=1&signature=s",
        holdingPhotoUrl: "/files/upload-3?viewer=u-2&expires=1&signature=s",
        ...details,
        sharedDebtConsent: true,
      },
    ]);
    expect(calls("/api/v3/emergencyContact/add").map((call) => call.payload)).toEqual([
      {
        // The request the domain's schema makes of what was typed: phones as E.164.
        contacts: [
          { name: "김부모", phone: "+821098760001", relation: "parents" },
          { name: "이친구", phone: "+821098760002", relation: "friend" },
        ],
      },
    ]);
  });

  it("puts the server's field errors on the fields and shows 'too frequent'", async () => {
    let tries = 0;
    const { calls } = renderIdCard({
      "/api/v3/emergencyContact/add": () => {
        tries += 1;
        return tries === 1
          ? {
              status: 400,
              message: "비상 연락처 번호는 본인 번호와 달라야 하며, 서로 같을 수 없습니다",
              body: {
                errors: [
                  {
                    field: "contacts.1.phone",
                    key: "identity.contact.phoneDuplicate",
                    message: "비상 연락처 번호는 본인 번호와 달라야 하며, 서로 같을 수 없습니다",
                  },
                ],
              },
            }
          : { status: 429, message: "너무 자주 시도했습니다. 잠시 후 다시 시도해 주세요." };
      },
    });
    await uploadAll();
    await vi.waitFor(() => expect(field("이름").value).toBe("홍길동"));
    fillContacts();
    confirm();
    const phone = await vi.waitFor(() => {
      const input = screen.getAllByLabelText(/^전화번호/)[1] as HTMLInputElement;
      expect(input.getAttribute("aria-invalid")).toBe("true");
      return input;
    });
    expect(
      screen.getByText("비상 연락처 번호는 본인 번호와 달라야 하며, 서로 같을 수 없습니다"),
    ).toBeTruthy();
    // Focus follows the error once the page has settled (it may render again meanwhile).
    await vi.waitFor(() => expect(document.activeElement).toBe(phone));
    // The personal details were accepted: a second confirm sends only the contacts.
    confirm();
    expect(
      await screen.findByText("너무 자주 시도했습니다. 잠시 후 다시 시도해 주세요."),
    ).toBeTruthy();
    expect(calls("/api/v3/userAuth/ocrConfirm")).toHaveLength(1);
    expect(calls("/api/v3/emergencyContact/add")).toHaveLength(2);
    // Nothing typed was lost.
    expect(field("이름").value).toBe("홍길동");
    expect((screen.getAllByLabelText(/^이름/)[1] as HTMLInputElement).value).toBe("김부모");
  });

  it.each([
    ["an older server's refusal (no key)", undefined],
    ["'face verification failed'", "identity.faceFailed"],
  ])("offers to retake the face on %s", async (_case, key) => {
    const { router } = renderIdCard({
      "/api/v3/userAuth/ocrConfirm": () => ({
        status: 400,
        ...(key ? { key } : {}),
        message: "얼굴 인증에 실패했습니다. 잠시 후 다시 시도해 주세요.",
      }),
    });
    await uploadAll();
    await vi.waitFor(() => expect(field("이름").value).toBe("홍길동"));
    fillContacts();
    confirm();
    expect(
      await screen.findByText("얼굴 인증에 실패했습니다. 잠시 후 다시 시도해 주세요."),
    ).toBeTruthy();
    const entries = router.history.length;
    fireEvent.click(screen.getByRole("button", { name: "얼굴 다시 촬영" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
    expect(router.state.location.search).toEqual({ redirect: signPage, retake: true });
    // In place of the ID card page (no extra history entry), and the camera afresh: not the
    // earlier check's success with its old photo.
    expect(router.history.length).toBe(entries);
    expect(await screen.findByRole("button", { name: "인증 시작" })).toBeTruthy();
    expect(screen.queryByText("얼굴 인증이 완료되었습니다")).toBeNull();
    expect(screen.queryByRole("img", { name: "얼굴 인증" })).toBeNull();
  });

  it("says on the card's photo that its face is not the borrower's, to take it again, not the face", async () => {
    // Someone else's card: the server's answer (docs/identity.md, "The verification, step by step").
    const mismatch =
      "신분증 사진의 얼굴이 얼굴 인증 때 촬영한 얼굴과 다릅니다. 본인의 신분증으로 다시 촬영해 주세요.";
    const { calls } = renderIdCard({
      "/api/v3/userAuth/ocrConfirm": () => ({
        status: 400,
        key: "identity.face.cardMismatch",
        message: mismatch,
        body: {
          errors: [
            { field: "frontPhotoUrl", key: "identity.face.cardMismatch", message: mismatch },
          ],
        },
      }),
    });
    await uploadAll();
    await vi.waitFor(() => expect(field("이름").value).toBe("홍길동"));
    fillContacts();
    confirm();
    const front = document.querySelector<HTMLElement>('[data-field="frontPhotoUrl"]');
    if (!front) throw new Error("no front photo tile");
    await vi.waitFor(() => expect(within(front).getByRole("alert").textContent).toBe(mismatch));
    // The front is where to go: focused, offered for another photo (not the same file again).
    const frontInput = screen.getByLabelText(/^신분증 앞면/);
    await vi.waitFor(() => expect(document.activeElement).toBe(frontInput));
    expect(within(front).getByText("다시 선택")).toBeTruthy();
    expect(within(front).queryByRole("button", { name: "다시 시도" })).toBeNull();
    // Not 'retake your face', nor 'try again later'.
    expect(screen.queryByRole("button", { name: "얼굴 다시 촬영" })).toBeNull();
    expect(screen.queryByText(/잠시 후 다시 시도해 주세요/)).toBeNull();
    expect(calls("/api/v3/emergencyContact/add")).toEqual([]);

    // Another photo of the front: the problem was about the one before.
    await pick(/^신분증 앞면/, "mine.png");
    await vi.waitFor(() => expect(screen.queryAllByRole("progressbar")).toHaveLength(0));
    expect(within(front).queryByRole("alert")).toBeNull();
  });

  it("says an ID number verified on another account as the server does, and offers no face retake", async () => {
    const elsewhere =
      "이 신분증 번호는 이미 다른 계정에서 인증되었습니다. 고객센터에 문의해 주세요.";
    renderIdCard({
      "/api/v3/userAuth/ocrConfirm": () => ({
        status: 409,
        key: "identity.oneIdentity.idNumberElsewhere",
        message: elsewhere,
      }),
    });
    await uploadAll();
    await vi.waitFor(() => expect(field("이름").value).toBe("홍길동"));
    fillContacts();
    confirm();
    expect(await screen.findByText(elsewhere)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "얼굴 다시 촬영" })).toBeNull();
  });

  it("does not ask for a side that is still uploading", async () => {
    // The front's upload is slow; the back's is done first.
    let finishFront: () => void = () => {};
    const frontDone = new Promise<void>((resolve) => {
      finishFront = resolve;
    });
    const uploads = fakeUploads();
    const { calls } = renderIdCard({
      "/upload/image": async (payload): Promise<FakeAnswer> => {
        if ((payload as { file: { name: string } }).file.name === "front.png") await frontDone;
        return uploads.route(payload);
      },
    });
    await pick(/^신분증 앞면/, "front.png");
    await pick(/^신분증 뒷면/, "back.png");
    await vi.waitFor(() =>
      expect(document.querySelectorAll(".cy-upload-tile--done")).toHaveLength(1),
    );
    expect(screen.getByText("업로드 중…")).toBeTruthy();
    expect(screen.queryByText(/앞면도 올려 주세요/)).toBeNull();
    finishFront();
    await vi.waitFor(() => expect(calls("/api/v3/userAuth/ocrCheck")).toHaveLength(1));
    expect(screen.queryByText(/앞면도 올려 주세요/)).toBeNull();
  });

  it("says the card is read once both sides are in, while only one is", async () => {
    const { calls } = renderIdCard();
    await pick(/^신분증 앞면/);
    expect(
      await screen.findByText(
        "뒷면도 올려 주세요. 앞뒷면이 모두 올라가면 신분증 정보를 자동으로 읽습니다.",
      ),
    ).toBeTruthy();
    expect(calls("/api/v3/userAuth/ocrCheck")).toHaveLength(0);
    await pick(/^신분증 뒷면/);
    await vi.waitFor(() => expect(calls("/api/v3/userAuth/ocrCheck")).toHaveLength(1));
    expect(screen.queryByText(/뒷면도 올려 주세요/)).toBeNull();
  });

  it("lets the borrower type everything when OCR is off", async () => {
    renderIdCard({
      "/api/v3/userAuth/ocrCheck": () => ({
        body: {
          available: false,
          name: null,
          idNumber: null,
          gender: null,
          birthday: null,
          address: null,
        },
      }),
    });
    await uploadAll();
    expect(
      await screen.findByText("신분증 자동 인식을 사용할 수 없습니다. 직접 입력해 주세요."),
    ).toBeTruthy();
    expect(field("이름").value).toBe("");
    confirm();
    expect(await screen.findByText("이름을 입력해 주세요")).toBeTruthy();
    expect(screen.getByText("주민등록번호를 입력해 주세요")).toBeTruthy();
  });

  it("brings the first thing to fix into view on a refused confirm: a photo, then a field", async () => {
    HTMLElement.prototype.scrollIntoView ??= () => {};
    const scrolled = vi.spyOn(HTMLElement.prototype, "scrollIntoView");
    const { calls } = renderIdCard();
    await screen.findByText(/실제로 연락이 닿는 번호를 입력해 주세요/);
    confirm();
    expect(await screen.findByText("신분증 앞면 사진을 업로드해 주세요")).toBeTruthy();
    const front = screen.getByLabelText(/^신분증 앞면/);
    await vi.waitFor(() => expect(document.activeElement).toBe(front));
    expect(scrolled.mock.contexts.at(-1)).toBe(front.closest("[data-field]"));

    await uploadAll();
    await vi.waitFor(() => expect(field("이름").value).toBe("홍길동"));
    // The photos are up: their problems are gone, the first contact's name comes next.
    expect(screen.queryByText("신분증 앞면 사진을 업로드해 주세요")).toBeNull();
    confirm();
    const contactName = screen.getAllByLabelText(/^이름/)[1] as HTMLInputElement;
    await vi.waitFor(() => expect(document.activeElement).toBe(contactName));
    expect(scrolled.mock.contexts.at(-1)).toBe(contactName);
    expect(calls("/api/v3/userAuth/ocrConfirm")).toEqual([]);
  });

  it("keeps the form while the borrower fills the address in from their position", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      geolocation: {
        getCurrentPosition: (done: PositionCallback) =>
          done({
            coords: { latitude: 37.566535, longitude: 126.977969, accuracy: 20 },
          } as GeolocationPosition),
      },
    });
    const { router } = renderIdCard({
      "/api/v3/userAuth/ocrCheck": () => ({ body: { ...reading, address: null } }),
    });
    await uploadAll();
    await vi.waitFor(() => expect(field("이름").value).toBe("홍길동"));
    fireEvent.change(field("이름"), { target: { value: "홍길순" } });
    fireEvent.click(screen.getByRole("button", { name: "현재 위치로 입력" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/choose-location"));
    expect(await screen.findByText("위도 37.566535, 경도 126.977969")).toBeTruthy();
    const address = screen.getByLabelText(/^상세 주소/) as HTMLInputElement;
    expect(address.value).toBe("37.566535, 126.977969");
    fireEvent.change(address, { target: { value: "서울특별시 중구 세종대로 110, 3층" } });
    fireEvent.click(screen.getByRole("button", { name: "확인" }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/idCard"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
    await screen.findByText(/실제로 연락이 닿는 번호를 입력해 주세요/);
    await vi.waitFor(() =>
      expect(field("상세 주소").value).toBe("서울특별시 중구 세종대로 110, 3층"),
    );
    expect(field("이름").value).toBe("홍길순");
    // The uploaded photos are still there.
    expect(document.querySelectorAll(".cy-upload-tile--done")).toHaveLength(3);
    expect(localStorage.getItem("locationFlag")).toBe("true");
  });

  it("sends a borrower without the face check to it first", async () => {
    const { router } = renderIdCard({
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail() }),
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
  });

  it("shows details confirmed earlier masked, and sends only what is missing", async () => {
    const { router, calls } = renderIdCard(
      {
        "/api/v3/userAuth/queryUserDetail": () => ({
          body: fakeUserDetail({
            faceVerified: true,
            idCardVerified: true,
            frontPhotoUrl: "/files/f?sig",
            backPhotoUrl: "/files/b?sig",
            holdingPhotoUrl: "/files/h?sig",
            name: "홍길동",
            idNumberMasked: "900101-1******",
            gender: "male",
            birthday: "1990-01-01",
            address: "서울",
          }),
        }),
      },
      "/pages/me/idCard",
    );
    expect(await screen.findByText("900101-1******")).toBeTruthy();
    expect(
      screen.getByText("이미 확인된 신분증 정보입니다. 바꾸려면 수정을 눌러 주세요."),
    ).toBeTruthy();
    fillContacts();
    confirm();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/index"));
    expect(calls("/api/v3/userAuth/ocrConfirm")).toEqual([]);
    expect(calls("/api/v3/emergencyContact/add")).toHaveLength(1);
    expect(calls("/api/v3/userAuth/ocrCheck")).toEqual([]);
  });
});

describe("the ID card page after signing (docs/identity.md)", () => {
  const signed = fakeUserDetail({
    verified: true,
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
    address: "서울특별시 중구 세종대로 110",
    contacts: [
      { name: "김부모", phone: "+821098760001", relation: "parents" },
      { name: "이친구", phone: "+821098760002", relation: "friend" },
    ],
    locked: true,
  });

  it("shows the details and photos read-only, says why, and offers no edit or confirm", async () => {
    const { calls } = renderIdCard(
      { "/api/v3/userAuth/queryUserDetail": () => ({ body: signed }) },
      "/pages/me/idCard",
    );
    expect(
      await screen.findByText("서명한 계약의 본인 확인에 사용된 정보이므로 변경할 수 없습니다."),
    ).toBeTruthy();
    for (const [term, value] of [
      ["이름", "홍길동"],
      ["주민등록번호", "900101-1******"],
      ["성별", "남성"],
      ["상세 주소", "서울특별시 중구 세종대로 110"],
    ] as const) {
      const dt = screen.getAllByText(term).find((node) => node.tagName === "DT");
      expect(dt?.nextElementSibling?.textContent, term).toBe(value);
    }
    expect(screen.getByText("김부모")).toBeTruthy();
    expect(screen.getByText("010-9876-0002")).toBeTruthy();
    const photos = screen.getAllByRole("img").map((image) => image.getAttribute("src"));
    expect(photos).toEqual(["/files/f?sig", "/files/b?sig", "/files/h?sig"]);
    // Nothing to change: no field, no edit, no confirm, no upload, no step of the flow.
    expect(screen.queryByRole("button", { name: "수정" })).toBeNull();
    expect(screen.queryByRole("button", { name: "확인" })).toBeNull();
    expect(document.querySelectorAll("input, select, textarea")).toHaveLength(0);
    expect(screen.queryByRole("list", { name: "본인 인증 단계" })).toBeNull();
    expect(calls("/api/v3/userAuth/ocrCheck")).toEqual([]);
  });

  it("is the form again for a borrower who has not signed (locked absent: an older server)", async () => {
    const { locked: _locked, ...unsigned } = signed;
    renderIdCard(
      { "/api/v3/userAuth/queryUserDetail": () => ({ body: unsigned }) },
      "/pages/me/idCard",
    );
    expect(await screen.findByRole("button", { name: "수정" })).toBeTruthy();
    expect(screen.queryByText(/변경할 수 없습니다/)).toBeNull();
  });
});

describe("the ID card form across a reload", () => {
  const notKept = "보안을 위해 주민등록번호는 기기에 저장하지 않습니다. 다시 입력해 주세요.";

  it("is kept in session storage without the ID number, and restored", async () => {
    const first = renderIdCard();
    await uploadAll();
    await vi.waitFor(() => expect(field("이름").value).toBe("홍길동"));
    await vi.waitFor(() =>
      expect(document.querySelectorAll(".cy-upload-tile--done")).toHaveLength(3),
    );
    fillContacts();
    fireEvent.change(field("이름"), { target: { value: "홍길순" } });
    const stored = sessionStorage.getItem("idCardForm") ?? "";
    expect(stored).toContain("홍길순");
    expect(stored).toContain("김부모");
    expect(stored).not.toContain("1234567");
    expect(stored).not.toContain("blob:");
    expect(first.calls("/api/v3/userAuth/ocrCheck")).toHaveLength(1);

    // No number is missing yet: nothing said about it.
    expect(screen.queryByText(notKept)).toBeNull();

    // The page reloads (the camera app took over the phone): a new app over the same tab.
    cleanup();
    const second = renderIdCard();
    await vi.waitFor(() => expect(field("이름").value).toBe("홍길순"));
    // The number is not kept, and the page says so on its field: it is typed again.
    expect(field("주민등록번호").value).toBe("");
    const hint = screen.getByText(notKept);
    expect(field("주민등록번호").getAttribute("aria-describedby")).toContain(hint.id);
    expect(field("생년월일").value).toBe("1990-01-01");
    expect((screen.getAllByLabelText(/^이름/)[1] as HTMLInputElement).value).toBe("김부모");
    expect(document.querySelectorAll(".cy-upload-tile--done")).toHaveLength(3);
    const previews = [...document.querySelectorAll<HTMLImageElement>(".cy-upload-tile__preview")];
    expect(previews.map((image) => image.getAttribute("src"))).toEqual([
      "/files/upload-1?viewer=u-2&expires=1&signature=s",
      "/files/upload-2?viewer=u-2&expires=1&signature=s",
      "/files/upload-3?viewer=u-2&expires=1&signature=s",
    ]);
    // Read once already: no second OCR.
    expect(second.calls("/api/v3/userAuth/ocrCheck")).toEqual([]);

    fireEvent.change(field("주민등록번호"), { target: { value: "900101-1234567" } });
    await vi.waitFor(() => expect(screen.queryByText(notKept)).toBeNull());
  });

  it("is forgotten when the borrower logs out", async () => {
    const { store } = renderIdCard();
    await uploadAll();
    await vi.waitFor(() => expect(sessionStorage.getItem("idCardForm")).toContain("upload-3"));
    store.set(tokenAtom, null);
    expect(sessionStorage.getItem("idCardForm")).toBeNull();
  });

  it("asks once for fresh photo addresses when a stored preview fails to load", async () => {
    let signature = "old";
    const { calls } = renderIdCard({
      "/api/v3/userAuth/queryUserDetail": () => {
        return {
          body: fakeUserDetail({
            faceVerified: true,
            frontPhotoUrl: `/files/f?signature=${signature}`,
            backPhotoUrl: `/files/b?signature=${signature}`,
            holdingPhotoUrl: null,
          }),
        };
      },
    });
    const preview = async (index: number) =>
      document.querySelectorAll<HTMLImageElement>(".cy-upload-tile__preview")[index];
    const front = await vi.waitFor(async () => {
      const image = await preview(0);
      expect(image?.getAttribute("src")).toBe("/files/f?signature=old");
      return image as HTMLImageElement;
    });
    // The signed address expired meanwhile: the preview fails; the server signs it again.
    const asked = calls("/api/v3/userAuth/queryUserDetail").length;
    signature = "new";
    fireEvent.error(front);
    await vi.waitFor(async () =>
      expect((await preview(0))?.getAttribute("src")).toBe("/files/f?signature=new"),
    );
    expect((await preview(1))?.getAttribute("src")).toBe("/files/b?signature=new");
    expect(calls("/api/v3/userAuth/queryUserDetail")).toHaveLength(asked + 1);
    // Once only: a second failure does not ask again.
    fireEvent.error((await preview(1)) as HTMLImageElement);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls("/api/v3/userAuth/queryUserDetail")).toHaveLength(asked + 1);
  });
});
