import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeRoute } from "../../test/fake-api-server";
import { fakeUploads, fakeUserDetail } from "../../test/fake-identity";
import { fakeBorrower } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

// Human and TensorFlow.js do not run in happy-dom: the detector is unavailable here, as it is
// when it fails to load in a browser (the Playwright spec runs the real one).
vi.mock("./face-detector", () => ({
  loadFaceDetector: () => Promise.reject(new Error("no detector in tests")),
}));

const signPage = "/pages/loans/sign?code=abc123";

beforeEach(() => {
  // happy-dom has no camera: the page offers the camera app instead.
  Object.defineProperty(navigator, "mediaDevices", { value: undefined, configurable: true });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderFacePage(routes: Record<string, FakeRoute> = {}, path = facePage()) {
  const uploads = fakeUploads();
  let faceVerified = false;
  const app = renderApp(path, {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
      "/api/v3/userAuth/queryUserDetail": () => ({ body: fakeUserDetail({ faceVerified }) }),
      "/upload/image": uploads.route,
      "/api/v3/userAuth/faceCompare": () => {
        faceVerified = true;
        return { body: { matched: true, comparedWithIdCard: false, score: null } };
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

async function takePhoto() {
  const input = (await screen.findByText("사진 촬영")).querySelector("input");
  if (!input) throw new Error("no photo input");
  expect(input.getAttribute("accept")).toBe("image/*");
  expect(input.getAttribute("capture")).toBe("user");
  fireEvent.change(input, { target: { files: [photo()] } });
}

describe("the face check", () => {
  it("shows step 1 of 2 and, without a camera, says so and takes a photo from the camera app", async () => {
    const { server, router } = renderFacePage();
    expect(await screen.findByText("얼굴을 화면 가운데에 맞춰 주세요")).toBeTruthy();
    const steps = screen.getByRole("list", { name: "본인 인증 단계" });
    expect(steps.textContent).toContain("얼굴 인증");
    expect(steps.textContent).toContain("신분증 인증");
    expect(screen.getByText("1").closest("li")?.getAttribute("aria-current")).toBe("step");

    fireEvent.click(await screen.findByRole("button", { name: "인증 시작" }));
    expect(
      await screen.findByText("카메라에 접근할 수 없습니다. 카메라 권한을 확인해 주세요."),
    ).toBeTruthy();
    await takePhoto();

    // Uploaded, checked for one clear face, then on to the ID card with the way back.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/idCard"));
    expect(router.state.location.search).toEqual({ redirect: signPage });
    const compare = server.calls.find((call) => call.path === "/api/v3/userAuth/faceCompare");
    expect(compare?.payload).toEqual({
      facePhotoUrl: "/files/upload-1?viewer=u-2&expires=1&signature=s",
    });
    expect(server.calls.find((call) => call.path === "/upload/image")?.payload).toMatchObject({
      file: { type: "image/jpeg" },
    });
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
      ),
    ).toBeTruthy();
    expect(screen.getByRole("img", { name: "얼굴 인증" })).toBeTruthy();
    // 'retake' is the camera app again.
    const retake = (await screen.findByText("다시 촬영")).querySelector("input");
    if (!retake) throw new Error("no retake input");
    fireEvent.change(retake, { target: { files: [photo()] } });
    expect(
      await screen.findByText("너무 자주 시도했습니다. 잠시 후 다시 시도해 주세요."),
    ).toBeTruthy();
  });

  it("skips ahead after an earlier visit's check, or retakes", async () => {
    const { router } = renderFacePage({
      "/api/v3/userAuth/queryUserDetail": () => ({
        body: fakeUserDetail({ faceVerified: true, facePhotoUrl: "/files/face?sig" }),
      }),
    });
    expect(await screen.findByText("얼굴 인증이 완료되었습니다")).toBeTruthy();
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

  it("'give up' sets the first flag and goes back, to the order list without a previous page", async () => {
    const { router } = renderFacePage();
    await screen.findByRole("button", { name: "인증 시작" });
    fireEvent.click(screen.getByRole("button", { name: "뒤로" }));
    fireEvent.click(await screen.findByRole("button", { name: "포기하고 로그아웃" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/order/index"));
    expect(localStorage.getItem("first")).toBe("true");
  });

  it("'give up' goes back one page when there is one", async () => {
    const { router } = renderFacePage({}, signPage);
    await vi.waitFor(() => expect(router.state.status).toBe("idle"));
    await router.navigate({ to: "/pages/me/face", search: { redirect: signPage } });
    fireEvent.click(await screen.findByRole("button", { name: "뒤로" }));
    fireEvent.click(await screen.findByRole("button", { name: "포기하고 로그아웃" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/loans/sign"));
  });
});
