import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

function withGeolocation(geolocation: Partial<Geolocation> | undefined) {
  vi.stubGlobal("navigator", { ...navigator, geolocation });
}

describe("/choose-location", () => {
  it("says when the browser has no geolocation, and still takes a typed address", async () => {
    withGeolocation(undefined);
    const { router } = renderApp("/choose-location");
    expect(await screen.findByText("이 브라우저는 위치 정보를 지원하지 않습니다")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    expect(await screen.findByText("상세 주소를 입력해 주세요")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^상세 주소/), { target: { value: "부산 해운대구" } });
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    // Opened directly: confirm goes on to the ID card page.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pages/me/idCard"));
  });

  it("explains a refused permission and tries again on request", async () => {
    const getCurrentPosition = vi.fn(
      (_done: PositionCallback, fail?: PositionErrorCallback | null) =>
        fail?.({ code: 1, PERMISSION_DENIED: 1, message: "denied" } as GeolocationPositionError),
    );
    withGeolocation({ getCurrentPosition });
    renderApp("/choose-location", { signedIn: false });
    expect(
      await screen.findByText("위치 권한이 거부되었습니다. 상세 주소를 직접 입력해 주세요."),
    ).toBeTruthy();
    // No coordinates to check: nothing speaks of them.
    expect(screen.queryByText(/좌표/)).toBeNull();
    const asked = getCurrentPosition.mock.calls.length;
    fireEvent.click(screen.getByRole("button", { name: "현재 위치 가져오기" }));
    await vi.waitFor(() => expect(getCurrentPosition).toHaveBeenCalledTimes(asked + 1));
  });

  it("fills the address with the position, and says to write the real address over it", async () => {
    const getCurrentPosition = vi.fn((done: PositionCallback) =>
      done({
        coords: { latitude: 37.5665, longitude: 126.978, accuracy: 20 },
      } as GeolocationPosition),
    );
    withGeolocation({ getCurrentPosition });
    renderApp("/choose-location", { signedIn: false });
    expect(
      await screen.findByText(
        "위치로 주소를 자동으로 찾지는 못합니다. 주소 칸에 채워진 좌표를 실제 상세 주소로 고쳐 주세요.",
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^상세 주소/) as HTMLInputElement).value).not.toBe("");
  });
});

describe("/open-location", () => {
  it("opens a stored position in the map app or on a maps website", async () => {
    renderApp("/open-location?lat=25.033964&lng=121.564468&name=Taipei%20101", { signedIn: false });
    expect(await screen.findByText("위도 25.033964, 경도 121.564468")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Taipei 101" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "지도 앱에서 열기" }).getAttribute("href")).toBe(
      "geo:25.033964,121.564468?q=25.033964,121.564468(Taipei%20101)",
    );
    expect(screen.getByRole("link", { name: "웹 지도에서 열기" }).getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=25.033964%2C121.564468",
    );
  });

  it("says so when the link has no valid position", async () => {
    renderApp("/open-location?lat=95&lng=10", { signedIn: false });
    expect(await screen.findByText("위치 정보가 올바르지 않습니다")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
