import { createHashHistory, type RouterHistory } from "@tanstack/react-router";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tokenAtom } from "../../state/storage";
import type { FakeRoute } from "../../test/fake-api-server";
import { fakeContract } from "../../test/fake-contract";
import { fakeUploads, fakeUserDetail } from "../../test/fake-identity";
import { fakeBorrower } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

// Human and TensorFlow.js do not run in happy-dom: the detector is unavailable here, as it is
// when it fails to load in a browser (the Playwright spec runs the real one).
vi.mock("./face-detector", () => ({
  loadFaceDetector: () => Promise.reject(new Error("no detector in tests")),
}));

// happy-dom has no camera either: a stand-in stream whose frames are a tiny JPEG. A test turns it
// off to see the page without a camera.
const camera = vi.hoisted(() => ({ works: true, frames: 0 }));
vi.mock("./camera", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./camera")>();
  return {
    ...actual,
    openFrontCamera: async () => {
      if (!camera.works) throw new actual.CameraUnavailable("no camera in tests");
      return new MediaStream();
    },
    closeCamera: () => undefined,
    captureFrame: async () => {
      camera.frames += 1;
      return new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: "image/jpeg" });
    },
  };
});

const signPage = "/pages/loans/sign?code=abc123";

beforeEach(() => {
  camera.works = true;
  camera.frames = 0;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

function renderFacePage(
  routes: Record<string, FakeRoute> = {},
  path = facePage(),
  history?: RouterHistory,
) {
  const uploads = fakeUploads();
  let faceVerified = false;
  const app = renderApp(path, {
    history,
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail({ faceVerified }) }),
      "/upload/image": uploads.route,
      "/api/v3/userAuth/livenessChallenge": () => ({
        body: { challengeId: "c-1", action: "turnLeft", expiresAt: "2030-01-01T00:00:00.000Z" },
      }),
      "/api/v3/userAuth/faceCompare": () => {
        faceVerified = true;
        return { body: { decision: "match", comparedWithIdCard: false, score: null } };
      },
      "/api/v3/userAuth/ocrCheck": () => ({ status: 200, body: null }),
      ...routes,
    },
  });
  return { ...app, uploads };
}

function facePage(redirect = signPage) {
  return `/pages/me/face?redirect=${encodeURIComponent(redirect)}`;
}

const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], "me.jpg", { type: "image/jpeg" });

/** The capture by hand (no detector here), then the challenge's burst runs by itself. */
/** Generous: on a loaded CI machine the camera and the detector take seconds to come up. */
const burst = { timeout: 5_000 };

async function takePhoto() {
  fireEvent.click(await screen.findByRole("button", { name: "촬영하기" }, burst));
}

/** The camera frame's headline (its bold line) and the line under it, as shown now. */
function frameLines() {
  const caption = document.querySelector(".cy-camera-frame__caption");
  return {
    headline: caption?.querySelector(".cy-camera-frame__prompt")?.textContent ?? null,
    message: caption?.querySelector(".cy-camera-frame__message")?.textContent ?? null,
    // Read out as it changes.
    live: caption?.getAttribute("aria-live") ?? null,
  };
}

describe("the face check", () => {
  it("shows step 1 of 2 and, without a camera, says the live check needs one", async () => {
    camera.works = false;
    const { server } = renderFacePage();
    expect(await screen.findByText("얼굴을 화면 가운데에 맞춰 주세요")).toBeTruthy();
    const steps = screen.getByRole("list", { name: "본인 인증 단계" });
    expect(steps.textContent).toContain("얼굴 인증");
    expect(steps.textContent).toContain("신분증 인증");
    expect(screen.getByText("1").closest("li")?.getAttribute("aria-current")).toBe("step");

    fireEvent.click(await screen.findByRole("button", { name: "인증 시작" }));
    expect(
      await screen.findByText("카메라에 접근할 수 없습니다. 카메라 권한을 확인해 주세요."),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "얼굴 인증에는 카메라가 필요합니다. 카메라 접근을 허용한 뒤 다시 시도해 주세요.",
      ),
    ).toBeTruthy();
    // No photo from the camera app: a photo cannot follow a liveness challenge.
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(server.calls.some((call) => call.path === "/api/v3/userAuth/faceCompare")).toBe(false);
  });

  it("asks for the challenge's action, records the burst with progress, and sends capture and frames", async () => {
    // The check waits, to see the page while it runs.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let faceVerified = false;
    const { server, router } = renderFacePage({
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail({ faceVerified }) }),
      "/api/v3/userAuth/faceCompare": async () => {
        await answered;
        faceVerified = true;
        return { body: { decision: "match", comparedWithIdCard: false, score: null } };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "인증 시작" }));
    await takePhoto();

    // The instruction in the borrower's language, with the frames recorded so far. It is the
    // headline, in place of 'place your face in the centre', and read out.
    expect(await screen.findAllByText("고개를 천천히 왼쪽으로 돌려 주세요")).not.toHaveLength(0);
    expect(frameLines()).toEqual({
      headline: "고개를 천천히 왼쪽으로 돌려 주세요",
      message: null,
      live: "polite",
    });
    expect(await screen.findByText("촬영 중… 0/6")).toBeTruthy();
    expect(await screen.findByText("촬영 중… 3/6", undefined, burst)).toBeTruthy();
    expect(frameLines().headline).toBe("고개를 천천히 왼쪽으로 돌려 주세요");
    expect(screen.queryByRole("button", { name: "촬영하기" })).toBeNull();

    // Then what is happening is the headline: the upload, the check.
    await vi.waitFor(() => expect(frameLines().headline).toBe("인증 중입니다…"), burst);
    expect(frameLines().message).toBeNull();
    expect(screen.queryByText("얼굴을 화면 가운데에 맞춰 주세요")).toBeNull();
    answer();

    // Uploaded, checked, then on to the ID card with the way back.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/idCard"), burst);
    expect(router.state.location.search).toEqual({ redirect: signPage });
    expect(camera.frames).toBe(7);
    const challenges = server.calls.filter(
      (call) => call.path === "/api/v3/userAuth/livenessChallenge",
    );
    expect(challenges).toHaveLength(1);
    const compare = server.calls.find((call) => call.path === "/api/v3/userAuth/faceCompare");
    const address = (n: number) => `/files/upload-${n}?viewer=u-2&expires=1&signature=s`;
    expect(compare?.payload).toEqual({
      facePhotoUrl: address(1),
      challengeId: "c-1",
      frameUrls: [2, 3, 4, 5, 6, 7].map(address),
    });
    expect(server.calls.find((call) => call.path === "/upload/image")?.payload).toMatchObject({
      file: { type: "image/jpeg" },
    });
  });

  it("heads the upload with 'uploading' while the photos go up", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const uploads = fakeUploads();
    renderFacePage({
      "/upload/image": async (payload) => {
        await released;
        return uploads.route(payload);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "인증 시작" }));
    await takePhoto();
    await vi.waitFor(() => expect(frameLines().headline).toBe("업로드 중…"), burst);
    expect(frameLines().message).toBeNull();
    release();
  });

  it("names the movement that was not seen above 'follow the instruction'", async () => {
    renderFacePage({
      "/api/v3/userAuth/faceCompare": () => ({
        status: 400,
        key: "identity.liveness.followInstruction",
        message: "화면의 안내에 따라 다시 시도해 주세요.",
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "인증 시작" }));
    await takePhoto();
    expect(
      await screen.findByText("화면의 안내에 따라 다시 시도해 주세요.", undefined, burst),
    ).toBeTruthy();
    expect(frameLines()).toEqual({
      headline: "고개를 왼쪽으로 돌리는 동작이 확인되지 않았습니다",
      message: "화면의 안내에 따라 다시 시도해 주세요.",
      live: "polite",
    });
    expect(screen.getByRole("alert").textContent).toBe("화면의 안내에 따라 다시 시도해 주세요.");
    expect(screen.getByRole("button", { name: "다시 촬영" })).toBeTruthy();
  });

  it("shows the server's refusal on the photo and lets the borrower retake it", async () => {
    let refusals = 0;
    renderFacePage({
      "/api/v3/userAuth/faceCompare": () => {
        refusals += 1;
        return refusals === 1
          ? {
              status: 400,
              message: "얼굴이 인식되지 않았습니다. 얼굴을 화면 가운데에 맞춰 다시 촬영해 주세요.",
            }
          : { status: 429, message: "너무 자주 시도했습니다. 잠시 후 다시 시도해 주세요." };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "인증 시작" }));
    await takePhoto();
    expect(
      await screen.findByText(
        "얼굴이 인식되지 않았습니다. 얼굴을 화면 가운데에 맞춰 다시 촬영해 주세요.",
        undefined,
        burst,
      ),
    ).toBeTruthy();
    expect(screen.getByRole("img", { name: "얼굴 인증" })).toBeTruthy();
    // 'retake' opens the camera again, for a new challenge.
    fireEvent.click(await screen.findByRole("button", { name: "다시 촬영" }));
    await takePhoto();
    expect(
      await screen.findByText(
        "너무 자주 시도했습니다. 잠시 후 다시 시도해 주세요.",
        undefined,
        burst,
      ),
    ).toBeTruthy();
  });

  it("skips ahead after an earlier visit's check, or retakes", async () => {
    const { router } = renderFacePage({
      "/api/v3/userAuth/queryUserDetail": () => ({
        body: fakeUserDetail({ faceVerified: true, facePhotoUrl: "/files/face?sig" }),
      }),
    });
    expect(await screen.findByText("얼굴 인증이 완료되었습니다")).toBeTruthy();
    expect(frameLines().headline).toBe("얼굴 인증이 완료되었습니다");
    expect(screen.getByRole("button", { name: "다시 촬영" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "다음 단계" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/idCard"));
  });
});

describe("leaving the verification", () => {
  it("asks first; 'continue verification' stays", async () => {
    const { router } = renderFacePage();
    await screen.findByRole("button", { name: "인증 시작" });
    fireEvent.click(screen.getByRole("button", { name: "뒤로" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("인증이 거의 완료되었습니다. 로그아웃하시겠습니까?");
    fireEvent.click(screen.getByRole("button", { name: "계속 인증하기" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/pages/me/face");
    expect(localStorage.getItem("first")).toBeNull();
  });

  it.each([
    ["ends the session", () => ({ body: null })],
    // The server had already ended it: still done, and not the catalogue's 'session expired' login.
    [
      "is done when the server had already ended the session",
      () => ({
        status: 301,
        message: "session ended",
        body: null,
      }),
    ],
  ])(
    "'give up and log out' %s, sets the first flag and goes back: to the order list without a previous page, which without a session is login",
    async (_case, answer) => {
      const { router, server, store } = renderFacePage({ "/auth/v1/user/loginOut": answer });
      await screen.findByRole("button", { name: "인증 시작" });
      expect(store.get(tokenAtom)).not.toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "뒤로" }));
      fireEvent.click(await screen.findByRole("button", { name: "포기하고 로그아웃" }));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
      expect(server.calls.filter((call) => call.path === "/auth/v1/user/loginOut")).toHaveLength(1);
      expect(store.get(tokenAtom)).toBeNull();
      expect(localStorage.getItem("first")).toBe("true");
      expect(router.state.location.search).not.toHaveProperty("reason");
      expect(screen.queryByText("로그인이 만료되었습니다. 다시 로그인해 주세요.")).toBeNull();
    },
  );

  it("'give up and log out' still ends the session on this phone when the server cannot be reached", async () => {
    const { router, store } = renderFacePage({
      "/auth/v1/user/loginOut": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await screen.findByRole("button", { name: "인증 시작" });
    fireEvent.click(screen.getByRole("button", { name: "뒤로" }));
    fireEvent.click(await screen.findByRole("button", { name: "포기하고 로그아웃" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
    expect(store.get(tokenAtom)).toBeNull();
  });

  it("'give up' goes back one page when there is one, which without a session asks for login first", async () => {
    const { router } = renderFacePage({}, signPage);
    await vi.waitFor(() => expect(router.state.status).toBe("idle"));
    await router.navigate({ to: "/pages/me/face", search: { redirect: signPage } });
    fireEvent.click(await screen.findByRole("button", { name: "뒤로" }));
    fireEvent.click(await screen.findByRole("button", { name: "포기하고 로그아웃" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
  });
});

describe("leaving with the phone's or browser's back", () => {
  it("asks first; 'continue' stays, 'give up' lets that back through", async () => {
    // The browser's own history (the app runs on the hash): its back is a popstate.
    window.location.hash = `#${signPage}`;
    const { router } = renderFacePage({}, signPage, createHashHistory());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/loans/sign"));
    await router.navigate({ to: "/pages/me/face", search: { redirect: signPage } });
    await screen.findByRole("button", { name: "인증 시작" });

    window.history.back();
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("인증이 거의 완료되었습니다. 로그아웃하시겠습니까?");
    expect(router.state.location.pathname).toBe("/pages/me/face");
    fireEvent.click(screen.getByRole("button", { name: "계속 인증하기" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/pages/me/face");
    expect(router.history.location.state.__TSR_index).toBe(1);
    expect(localStorage.getItem("first")).toBeNull();

    window.history.back();
    fireEvent.click(await screen.findByRole("button", { name: "포기하고 로그아웃" }));
    // Back to the sign page, which without a session sends on to login.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/login/index"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
    expect(localStorage.getItem("first")).toBe("true");
  });
});

describe("the whole verification from the sign page", () => {
  it("leaves one history entry for the sign page afterwards", async () => {
    const contract = fakeContract(3, { name: "정씨 대출" });
    const sign = `/pages/loans/sign?code=${contract.code}`;
    let verified = false;
    const { router } = renderFacePage(
      {
        "/api/v1/contract/open": () => ({ body: contract }),
        "/api/v3/userAuth/ocrCheck": () => ({
          body: {
            available: true,
            name: "홍길동",
            idNumber: "900101-1234567",
            gender: "male",
            birthday: "1990-01-01",
            address: "서울특별시 중구 세종대로 110",
          },
        }),
        "/api/v3/userAuth/ocrConfirm": () => ({ body: null }),
        "/api/v3/emergencyContact/add": () => {
          verified = true;
          return { body: null };
        },
      },
      sign,
    );
    fireEvent.click(await screen.findByRole("button", { name: "본인 인증 후 서명하기" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/face"));
    expect(router.history.location.state.__TSR_index).toBe(1);
    fireEvent.click(await screen.findByRole("button", { name: "인증 시작" }));
    await takePhoto();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/idCard"), burst);
    // The ID card step took the face step's place.
    expect(router.history.location.state.__TSR_index).toBe(1);

    for (const tile of [/^신분증 앞면/, /^신분증 뒷면/, /^신분증을 들고 찍은 사진/]) {
      fireEvent.change(await screen.findByLabelText(tile), { target: { files: [photo()] } });
    }
    // Every photo uploaded (no progress bar left): confirm would otherwise ask to wait for it.
    await vi.waitFor(() => expect(screen.queryAllByRole("progressbar")).toHaveLength(0));
    await vi.waitFor(() =>
      expect((screen.getAllByLabelText(/^이름/)[0] as HTMLInputElement).value).toBe("홍길동"),
    );
    const values = [
      ["김부모", "010-9876-0001", "parents"],
      ["이친구", "010-9876-0002", "friend"],
    ];
    const groups = screen
      .getAllByRole("group")
      .filter((group) => /비상 연락처 \d/.test(group.textContent ?? ""));
    groups.forEach((group, index) => {
      const [name = "", phone = "", relation = ""] = values[index] ?? [];
      fireEvent.change(within(group).getByLabelText(/^이름/), { target: { value: name } });
      fireEvent.change(within(group).getByLabelText(/^전화번호/), { target: { value: phone } });
      fireEvent.change(within(group).getByLabelText(/^관계/), { target: { value: relation } });
    });
    fireEvent.click(screen.getByRole("button", { name: "확인" }));

    // Back on the sign page, in its own entry: one back leaves it (no second copy behind).
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/loans/sign"));
    expect(verified).toBe(true);
    expect(router.history.location.state.__TSR_index).toBe(0);
    expect(router.history.canGoBack()).toBe(false);
  });
});
