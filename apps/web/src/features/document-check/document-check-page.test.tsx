import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FakeAnswer } from "../../test/fake-api-server";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const hash = "ab".repeat(32);
const pdf = (name: string) => new File(["%PDF-1.7\n"], name, { type: "application/pdf" });

async function pick(file: File) {
  const input = await screen.findByLabelText(/PDF 선택/);
  fireEvent.change(input, { target: { files: [file] } });
}

describe("the PDF check page", () => {
  it("is open without a login, sends the file and shows what a sealed original says", async () => {
    const { server } = renderApp("/pages/verify", {
      signedIn: false,
      routes: {
        "/api/v1/document/verify": (): FakeAnswer => ({
          body: {
            valid: true,
            reason: null,
            document: "contract",
            pdfSha256: hash,
            contractNumber: "C-2026-0000013",
            signedAt: "2026-03-02T01:00:00.000Z",
            sealedAt: "2026-03-02T01:00:01.000Z",
            termsSha256: "cd".repeat(32),
            timeZone: "Asia/Seoul",
          },
        }),
      },
    });
    await pick(pdf("contract.pdf"));
    expect(await screen.findByRole("heading", { name: "봉인된 원본 그대로입니다" })).toBeTruthy();
    expect(screen.getByText("C-2026-0000013")).toBeTruthy();
    expect(screen.getByText("서명된 계약서")).toBeTruthy();
    expect(screen.getByText("cd".repeat(32))).toBeTruthy();
    expect(screen.getByText(`확인한 파일: SHA-256 ${hash}`)).toBeTruthy();
    const call = server.calls.find((made) => made.path.endsWith("/document/verify"));
    expect(call?.payload).toMatchObject({ file: { name: "contract.pdf" } });
  });

  it("says why a file is not a sealed original, in the reader's language", async () => {
    localStorage.setItem("languageIndex", "1");
    renderApp("/pages/verify", {
      signedIn: false,
      routes: {
        "/api/v1/document/verify": (): FakeAnswer => ({
          body: {
            valid: false,
            reason: "broken",
            document: null,
            pdfSha256: hash,
            contractNumber: null,
            signedAt: null,
            sealedAt: null,
            termsSha256: null,
            timeZone: null,
          },
        }),
      },
    });
    const input = await screen.findByLabelText(/選擇 PDF/);
    fireEvent.change(input, { target: { files: [pdf("edited.pdf")] } });
    expect(await screen.findByRole("heading", { name: "這不是封存的原件" })).toBeTruthy();
    expect(screen.getByText(/簽署後遭竄改，或簽章為偽造/)).toBeTruthy();
  });
});
