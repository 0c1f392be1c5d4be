import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "../../../data/api-query";
import type { FakeAnswer } from "../../../test/fake-api-server";
import { fakeContract } from "../../../test/fake-contract";
import { fakeBorrower, fakeLender } from "../../../test/fake-user";
import { renderApp } from "../../../test/render-app";
import type { Contract } from "../contract-labels";

const pdf = "%PDF-1.7\n% a signed contract\n%%EOF\n";

let saved: Blob[] = [];
let downloads: string[] = [];

beforeEach(() => {
  saved = [];
  downloads = [];
  // happy-dom has no object URLs; the file and the name the browser is asked to save are read here.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return `blob:test/${saved.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderPage(
  path: string,
  contract: Contract,
  user: CurrentUser,
  pdfAnswer: () => FakeAnswer | Promise<FakeAnswer>,
) {
  return renderApp(`${path}?id=${encodeURIComponent(contract.id)}`, {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: user }),
      "/api/v1/contract/detail": () => ({ body: contract }),
      "/api/v1/contract/view": () => ({ raw: "<!doctype html><p>document</p>" }),
      "/api/v1/contract/ledger": () => ({
        body: { entries: [], instalments: [], asOf: "2026-03-02" },
      }),
      "/api/v1/contract/pdf": pdfAnswer,
    },
  });
}

describe("downloading the signed contract as a PDF", () => {
  it("saves the lender's PDF under the contract number, with progress while it is drawn", async () => {
    const contract = fakeContract(7, { status: "type4", signedAt: "2026-03-02T01:00:00.000Z" });
    let answer: (value: FakeAnswer) => void = () => {};
    const { server } = renderPage(
      "/pages/order/common",
      contract,
      fakeLender,
      () => new Promise<FakeAnswer>((resolve) => (answer = resolve)),
    );
    const button = await screen.findByRole("button", { name: "서명된 계약서(PDF) 내려받기" });
    fireEvent.click(button);
    await screen.findByText("PDF를 만들고 있습니다…");
    expect(button.getAttribute("aria-busy")).toBe("true");
    // Among the page's calls (the ledger may still be loading on a busy machine).
    expect(server.calls).toContainEqual({
      path: "/api/v1/contract/pdf",
      payload: { id: contract.id },
    });

    answer({ raw: pdf });
    const fileName = "chayong-contract-C-2026-000007.pdf";
    await screen.findByText(`${fileName} 파일을 내려받았습니다`);
    expect(downloads).toEqual([fileName]);
    expect(saved[0]?.type).toBe("application/pdf");
    expect(new TextDecoder().decode(await (saved[0] as Blob).arrayBuffer())).toBe(pdf);
  });

  it("tells the borrower why it failed, in his language, and lets him try again", async () => {
    const contract = fakeContract(3, { status: "type4", signedAt: "2026-03-02T01:00:00.000Z" });
    let refuse = true;
    renderPage("/pages/loans/signDetail", contract, fakeBorrower, () =>
      refuse
        ? {
            raw: JSON.stringify({
              status: 409,
              message: "차용인이 서명한 뒤에 계약서 PDF를 받을 수 있습니다.",
              body: null,
            }),
          }
        : { raw: pdf },
    );
    fireEvent.click(await screen.findByRole("button", { name: "서명된 계약서(PDF) 내려받기" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "차용인이 서명한 뒤에 계약서 PDF를 받을 수 있습니다.",
    );
    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: "서명된 계약서(PDF) 내려받기" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is not offered before signing", async () => {
    const contract = fakeContract(5, { status: "type2" });
    renderPage("/pages/order/common", contract, fakeLender, () => ({ raw: pdf }));
    await screen.findByText(contract.name);
    expect(screen.queryByRole("button", { name: "서명된 계약서(PDF) 내려받기" })).toBeNull();
  });
});
