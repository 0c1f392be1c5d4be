import { todayIn } from "@chayong/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeAnswer } from "../../test/fake-api-server";
import { fakeContract } from "../../test/fake-contract";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

const csv = '계약 번호,계약명,상태\r\ncontract-1,"Kim, Lee",연체\r\n';

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

function renderList(exportAnswer: (payload: unknown) => FakeAnswer | Promise<FakeAnswer>) {
  return renderApp("/pages/order/index?status=type4&type=single", {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
      "/api/v1/contract/query": () => ({
        body: { items: [fakeContract(1, { status: "type4" })], nextCursor: null, total: null },
      }),
      "/api/v1/contract/export": exportAnswer,
    },
  });
}

async function openSheet() {
  fireEvent.click(await screen.findByRole("button", { name: "CSV 내보내기" }));
  return screen.findByRole("dialog", { name: "CSV 파일로 내보내기" });
}

describe("exporting the order list as CSV", () => {
  it("downloads the file of the current filter, with the byte-order mark and a dated name", async () => {
    let answer: (value: FakeAnswer) => void = () => {};
    const { server } = renderList(() => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    const sheet = await openSheet();
    expect(within(sheet).getByText("상태: 연체")).toBeTruthy();
    expect(within(sheet).getByText("계약 유형: 일시 상환")).toBeTruthy();

    const download = within(sheet).getByRole("button", { name: "상환 일정 내려받기" });
    fireEvent.click(download);

    // While the file is prepared: the button spins, the others wait.
    await within(sheet).findByText("파일을 준비하는 중입니다…");
    expect(download.getAttribute("aria-busy")).toBe("true");
    expect(
      within(sheet).getByRole("button", { name: "거래 기록 내려받기" }).hasAttribute("disabled"),
    ).toBe(true);
    expect(server.calls.at(-1)).toEqual({
      path: "/api/v1/contract/export",
      payload: { kind: "schedule", status: "type4", type: "single" },
    });

    answer({ raw: csv });
    const fileName = `chayong-schedule-${todayIn("Asia/Seoul", new Date())}.csv`;
    await within(sheet).findByText(`${fileName} 파일을 내려받았습니다`);
    expect(downloads).toEqual([fileName]);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.type).toBe("text/csv;charset=utf-8");
    const bytes = new Uint8Array(await (saved[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(csv);
    expect(within(sheet).queryByText("파일을 준비하는 중입니다…")).toBeNull();
    expect(download.getAttribute("aria-busy")).toBeNull();
  });

  it("says when the file holds only its header row: nothing matched", async () => {
    renderList(() => ({ raw: "계약 번호,일자,금액\r\n" }));
    const sheet = await openSheet();
    fireEvent.click(within(sheet).getByRole("button", { name: "거래 기록 내려받기" }));
    const fileName = `chayong-ledger-${todayIn("Asia/Seoul", new Date())}.csv`;
    await within(sheet).findByText(
      `${fileName} 파일을 내려받았습니다. 해당하는 기록이 없어 제목 행만 있습니다`,
    );
    expect(downloads).toEqual([fileName]);
  });

  it("says why a download failed, in the user's language, and lets him try again", async () => {
    let refuse = true;
    renderList(() =>
      refuse
        ? { raw: JSON.stringify({ status: 403, message: "권한이 없습니다", body: null }) }
        : { raw: csv },
    );
    const sheet = await openSheet();
    fireEvent.click(within(sheet).getByRole("button", { name: "계약 목록 내려받기" }));

    expect((await within(sheet).findByRole("alert")).textContent).toBe("권한이 없습니다");
    expect(downloads).toEqual([]);

    refuse = false;
    fireEvent.click(within(sheet).getByRole("button", { name: "계약 목록 내려받기" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(within(sheet).queryByRole("alert")).toBeNull();
  });

  it("is offered to lenders only", async () => {
    renderApp("/pages/order/index", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
        "/api/v1/contract/query": () => ({ body: { items: [], nextCursor: null, total: null } }),
      },
    });
    await screen.findByText("관련 계약 정보가 없습니다");
    expect(screen.queryByRole("button", { name: "CSV 내보내기" })).toBeNull();
  });
});
