import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CameraFrame } from "./camera-frame";

afterEach(cleanup);

describe("CameraFrame", () => {
  it("asks for the face while the camera runs", () => {
    render(<CameraFrame message="3-5초 정도 기다려 주세요" />);
    expect(screen.getByText("얼굴을 화면 가운데에 맞춰 주세요")).toBeTruthy();
  });

  it("shows only the failure when it failed, unless a prompt is given", () => {
    const { rerender } = render(<CameraFrame state="error" message="카메라를 열 수 없습니다" />);
    expect(screen.getByRole("alert").textContent).toBe("카메라를 열 수 없습니다");
    expect(screen.queryByText("얼굴을 화면 가운데에 맞춰 주세요")).toBeNull();
    rerender(<CameraFrame state="error" prompt="다시 촬영해 주세요" message="실패" />);
    expect(screen.getByText("다시 촬영해 주세요")).toBeTruthy();
  });
});
