import { displayPhone } from "@chayong/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeContract } from "../../test/fake-contract";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
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
  it("shows a borrower who lent to him, not his own phone; an instalment's first due date as such", async () => {
    const single = fakeContract(1, { name: "일시 대출", lender: "김대여" });
    const instalments = fakeContract(2, {
      name: "분할 대출",
      lender: "김대여",
      instalment: true,
      instalmentCount: 3,
      type: "instalment",
    });
    renderApp("/pages/order/index", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeBorrower }),
        "/api/v1/contract/query": () => ({
          body: { items: [instalments, single], nextCursor: null, total: null },
        }),
      },
    });
    await screen.findByText("일시 대출");
    const [instalmentCard, singleCard] = screen.getAllByRole("article");
    expect(instalmentCard?.textContent).toContain("김대여");
    expect(instalmentCard?.textContent).not.toContain(displayPhone(single.borrowerPhone));
    expect(instalmentCard?.textContent).toContain("첫 상환일");
    expect(singleCard?.textContent).toContain("상환일");
    expect(singleCard?.textContent).not.toContain("첫 상환일");
  });

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

  it("offers the statuses in the order a contract lives them", async () => {
    renderList();
    await screen.findByText("Contract 25");
    const options = [...(screen.getByLabelText("상태") as HTMLSelectElement).options];
    expect(options.map((option) => option.value)).toEqual([
      "all",
      "type1",
      "type2",
      "type6",
      "type4",
      "type5",
      "type3",
    ]);
  });

  it("opens the borrower's customer details from a contract card", async () => {
    const { router } = renderList();
    await screen.findByText("Contract 25");
    const [first] = screen.getAllByRole("button", { name: "고객 정보 보기" });
    if (first === undefined) throw new Error("no customer details button");
    fireEvent.click(first);
    await waitFor(() => expect(router.state.location.pathname).toBe("/pages/order/customer"));
    expect(router.state.location.search).toEqual({ id: all[0]?.id });
  });

  it("says the list could not load, never 'no contracts', and loads it on retry", async () => {
    let failing = true;
    renderApp("/pages/order/index", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
        "/api/v1/contract/query": () => {
          if (failing) throw new TypeError("network down");
          return { body: { items: all.slice(0, 2), nextCursor: null, total: null } };
        },
      },
    });
    await screen.findByText("계약 목록을 불러오지 못했습니다");
    expect(screen.queryByText("관련 계약 정보가 없습니다")).toBeNull();

    failing = false;
    const [retry] = screen.getAllByRole("button", { name: "다시 시도" });
    if (retry === undefined) throw new Error("no retry button");
    fireEvent.click(retry);

    await screen.findByText("Contract 25");
    expect(screen.queryByText("계약 목록을 불러오지 못했습니다")).toBeNull();
  });

  it("shows the empty state only when the server answered with no contracts", async () => {
    renderApp("/pages/order/index", {
      routes: {
        "/api/v3/user/queryCashUser": () => ({ body: fakeLender }),
        "/api/v1/contract/query": () => ({ body: { items: [], nextCursor: null, total: null } }),
      },
    });
    await screen.findByText("관련 계약 정보가 없습니다");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("loads the first page again when pulled down from the top, keeping the rows meanwhile", async () => {
    const { server } = renderList();
    await screen.findByText("Contract 25");
    const queries = () => server.calls.filter((call) => call.path === "/api/v1/contract/query");
    const before = queries().length;
    // Pull to refresh loads its code after the first rows: pull until it answers.
    await waitFor(
      () => {
        const finger = (y: number) => ({ touches: [{ clientX: 100, clientY: y }] });
        fireEvent.touchStart(window, finger(100));
        fireEvent.touchMove(window, finger(200));
        fireEvent.touchMove(window, finger(300));
        fireEvent.touchEnd(window, { touches: [] });
        expect(queries().length).toBeGreaterThan(before);
      },
      { timeout: 3000 },
    );
    expect(queries().at(-1)?.payload).toEqual({ type: "all", pageSize: 20 });
    expect(screen.getByText("Contract 25")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(20));
  });
});
