import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ImageUploadTile } from "./image-upload-tile";

describe("ImageUploadTile", () => {
  it("hands the picked file over and names the slot", () => {
    const onSelect = vi.fn();
    render(<ImageUploadTile kind="front" state={{ status: "empty" }} onSelect={onSelect} />);
    const input = screen.getByLabelText(/신분증 앞면/) as HTMLInputElement;
    const file = new File(["x"], "front.jpg", { type: "image/jpeg" });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onSelect).toHaveBeenCalledWith(file);
  });

  it("shows progress while uploading and a retry after an error", () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <ImageUploadTile
        kind="holding"
        state={{ status: "uploading", progress: 40 }}
        onSelect={() => {}}
        onRetry={onRetry}
      />,
    );
    const progress = screen.getByRole("progressbar") as HTMLProgressElement;
    expect(progress.value).toBe(40);
    expect(
      (screen.getByLabelText(/신분증을 들고 찍은 사진/, { selector: "input" }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    rerender(
      <ImageUploadTile
        kind="holding"
        state={{ status: "error" }}
        onSelect={() => {}}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "업로드에 실패했습니다. 다시 시도해 주세요.",
    );
    fireEvent.click(screen.getByRole("button", { name: "다시 시도" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("still says where to tap after an error (e.g. a photo the form needs)", () => {
    const { rerender } = render(
      <ImageUploadTile
        kind="front"
        state={{ status: "error", message: "신분증 앞면 사진을 업로드해 주세요" }}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("신분증 앞면 사진을 업로드해 주세요");
    expect(screen.getByText("눌러서 업로드")).toBeTruthy();
    rerender(
      <ImageUploadTile
        kind="front"
        state={{ status: "error", message: "사진을 다시 업로드해 주세요" }}
        previewUrl="blob:front"
        onSelect={() => {}}
      />,
    );
    expect(screen.getByText("다시 선택")).toBeTruthy();
  });
});
