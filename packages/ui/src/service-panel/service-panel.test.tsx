import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ServicePanel } from "./service-panel";

afterEach(cleanup);

const contact = { qrImageUrl: "https://cdn.example/line-qr.png", accountId: "@chayong" };

describe("ServicePanel", () => {
  it("copies the QR image itself where the browser can, and says 'copied'", async () => {
    const copyImage = vi.fn(async () => true);
    const copyText = vi.fn(async () => true);
    render(<ServicePanel {...contact} copyImage={copyImage} copyText={copyText} />);
    fireEvent.click(screen.getByRole("button", { name: /^이미지 복사/ }));
    await waitFor(() => expect(copyImage).toHaveBeenCalledWith(contact.qrImageUrl));
    expect(copyText).not.toHaveBeenCalled();
    expect(await screen.findByText("복사되었습니다")).toBeTruthy();
  });

  it("labels the QR's action 'copy link' when images cannot be copied, and says the link was", async () => {
    const copyText = vi.fn(async () => true);
    render(<ServicePanel {...contact} copyImage={null} copyText={copyText} />);
    fireEvent.click(screen.getByRole("button", { name: /^링크 복사/ }));
    await waitFor(() => expect(copyText).toHaveBeenCalledWith(contact.qrImageUrl));
    expect(await screen.findByText("QR 코드 링크를 복사했습니다")).toBeTruthy();
  });

  it("falls back to the link when the image cannot be read", async () => {
    const copyText = vi.fn(async () => true);
    render(<ServicePanel {...contact} copyImage={async () => false} copyText={copyText} />);
    fireEvent.click(screen.getByRole("button", { name: /^이미지 복사/ }));
    await waitFor(() => expect(copyText).toHaveBeenCalledWith(contact.qrImageUrl));
    expect(await screen.findByText("QR 코드 링크를 복사했습니다")).toBeTruthy();
  });
});
