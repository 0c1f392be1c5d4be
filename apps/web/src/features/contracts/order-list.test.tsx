import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeContract } from "../../test/fake-contract";
import { fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

const all = Array.from({ length: 25 }, (_unused, index) => fakeContract(25 - index));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderList() {
  return renderApp("/pages/order/index", {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
      "/api/v1/contract/query": (payload) => {
        // Newest first; the cursor is the index of the next contract (the server's is opaque).
        const {
          cursor,
          pageSize = 20,
          status,
        } = payload as {
          cursor?: string;
          pageSize?: number;
          status?: string;
        };
        const matching = all.filter((contract) => !status || contract.status === status);
        const start = cursor ? Number(cursor) : 0;
        const end = start + pageSize;
        return {
          body: {
            items: matching.slice(start, end),
            nextCursor: end < matching.length ? String(end) : null,
            total: null,
          },
        };
      },
    },
  });
}

describe("the order list", () => {
  it("shows the newest first and loads the next page on request", async () => {
    const { server } = renderList();
    await screen.findByText("Contract 25");
    expect(screen.getAllByRole("article")).toHaveLength(20);

    fireEvent.click(screen.getByRole("button", { name: "더 보기" }));

    await screen.findByText("Contract 1");
    expect(server.calls.at(-1)?.payload).toMatchObject({ cursor: "20" });
    expect(screen.getAllByRole("article")).toHaveLength(25);
    expect(screen.getByText("더 이상 내용이 없습니다")).toBeTruthy();
  });

  it("filters by status and says so when nothing matches", async () => {
    const { server } = renderList();
    await screen.findByText("Contract 25");

    fireEvent.change(screen.getByLabelText("상태"), { target: { value: "type4" } });

    await screen.findByText("관련 계약 정보가 없습니다");
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    await waitFor(() =>
      expect(server.calls.at(-1)?.payload).toEqual({ status: "type4", type: "all", pageSize: 20 }),
    );
  });
});
