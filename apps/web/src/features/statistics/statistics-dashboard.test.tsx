import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FakeAnswer, FakeRoute } from "../../test/fake-api-server";
import { fakeStatistics, fakeStatisticsWindows } from "../../test/fake-statistics";
import { fakeBorrower, fakeLender } from "../../test/fake-user";
import { renderApp } from "../../test/render-app";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const statisticsPath = "/api/v1/contract/statistics";
const windowsPath = "/api/v2/contract/statistics";

function renderMe(routes: Record<string, FakeRoute> = {}, user: object = fakeLender) {
  return renderApp("/pages/me/index", {
    routes: {
      "/api/v3/user/queryCashUser": () => ({ body: user }),
      [statisticsPath]: () => ({ body: fakeStatistics() }),
      [windowsPath]: () => ({ body: fakeStatisticsWindows() }),
      ...routes,
    },
  });
}

/** The stat tile labelled `label`, once its figure is there. */
async function tile(label: string): Promise<HTMLElement> {
  const labelElement = await screen.findByText(label, { selector: ".cy-stat-card__label" });
  const card = labelElement.closest(".cy-stat-card") as HTMLElement;
  await waitFor(() => expect(card.getAttribute("aria-busy")).toBeNull());
  return card;
}

/** The value of the detailed figure labelled `label`. */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: ".stats__figures dt" });
  return term.nextElementSibling?.textContent ?? "";
}

function deferred() {
  let settle: (answer: FakeAnswer) => void = () => {};
  const promise = new Promise<FakeAnswer>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

describe("the lender's dashboard on 'me'", () => {
  it("shows the headline figures, in progress against completed, and the date they are for", async () => {
    renderMe();
    expect((await tile("진행 중 미상환 금액")).textContent).toContain("₩1,880,000");
    expect((await tile("연체 금액")).textContent).toContain("₩340,000");
    expect((await tile("연체 금액")).textContent).toContain("1건");
    expect((await tile("오늘 상환된 금액")).textContent).toContain("₩300,000");
    expect((await tile("오늘이 상환일인 금액")).textContent).toContain("₩340,000");
    expect((await tile("상환일 전 금액")).textContent).toContain("₩1,200,000");
    expect((await tile("상환일 전 금액")).textContent).toContain("1건");
    expect(screen.getByText("2026. 05. 10. 기준")).toBeTruthy();
    // Zeros beside contracts waiting for signatures are explained.
    expect(screen.getByText("서명된 계약만 집계합니다")).toBeTruthy();

    const progress = screen.getByRole("table", { name: "진행 중 · 종결 비교" });
    const rows = within(progress).getAllByRole("row");
    expect(rows[0]?.textContent).toBe("진행 중종결");
    expect(rows[1]?.textContent).toBe("계약 건수2건1건");
    // What is still owed is the hero tile's figure, not a row again.
    expect(rows).toHaveLength(4);
    expect(within(progress).queryByText("미상환 금액")).toBeNull();
    // The profile and the rest of the page stay.
    expect(screen.getByRole("heading", { name: "Demo Lender" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "로그아웃" })).toBeTruthy();
  });

  it("shows the net of a young book as 손익 with a minus sign, in plain ink, and says it turns positive", async () => {
    renderMe();
    const net = await tile("누적 손익");
    expect(net.textContent).toContain("-₩1,800,000");
    expect(net.className).not.toContain("danger");
    expect(net.querySelector(".figure-amount")?.className).toBe("figure-amount");
    expect(within(net).getByText("빌려준 돈이 상환될수록 플러스로 바뀝니다")).toBeTruthy();
    expect(screen.queryByText(/수익/)).toBeNull();
  });

  it("shows each figure once: the details leave out what the tiles show", async () => {
    renderMe();
    await tile("진행 중 미상환 금액");
    const labels = () =>
      [...document.querySelectorAll(".stats__figures dt")].map((term) => term.textContent);
    const tileLabels = [...document.querySelectorAll(".stats__tiles .cy-stat-card__label")].map(
      (label) => label.textContent,
    );
    expect(tileLabels).toEqual([
      "진행 중 미상환 금액",
      "연체 금액",
      "오늘 상환된 금액",
      "오늘이 상환일인 금액",
      "상환일 전 금액",
      "누적 손익",
    ]);
    expect(labels()).toEqual([
      "서명 완료 건수",
      "계약 금액",
      "실지급 금액",
      "상환된 금액",
      "종결 건수",
    ]);
    fireEvent.click(screen.getByRole("radio", { name: "오늘 통계" }));
    expect(labels()).toEqual([
      "서명 완료 건수",
      "계약 금액",
      "실지급 금액",
      "종결 건수",
      "오늘 연체된 건수",
      "오늘 연체된 금액",
      "손익",
    ]);
    // No label is both a tile and a detail.
    for (const label of [...labels()]) expect(tileLabels).not.toContain(label);
  });

  it("splits every figure by contract type and switches the details between all time and today", async () => {
    renderMe();
    expect((await tile("진행 중 미상환 금액")).textContent).toContain("₩1,880,000");
    expect(figure("서명 완료 건수")).toBe("3건");
    expect(figure("상환된 금액")).toBe("₩3,200,000");

    fireEvent.click(screen.getByRole("radio", { name: "일시 상환" }));
    expect((await tile("진행 중 미상환 금액")).textContent).toContain("₩520,000");
    expect((await tile("연체 금액")).textContent).toContain("₩0");
    expect(figure("서명 완료 건수")).toBe("1건");
    expect(screen.getByRole("table", { name: "진행 중 · 종결 비교" }).textContent).toContain(
      "계약 건수1건0건",
    );

    fireEvent.click(screen.getByRole("radio", { name: "오늘 통계" }));
    expect(figure("서명 완료 건수")).toBe("0건");
    expect(figure("손익")).toBe("+₩300,000");
    // Overdue means 'fell overdue today' in today's figures, and says so.
    expect(screen.getByText("오늘 연체된 건수")).toBeTruthy();
    expect(screen.queryByText("연체 건수", { selector: ".stats__figures dt" })).toBeNull();

    fireEvent.click(screen.getByRole("radio", { name: "분할 상환" }));
    expect((await tile("오늘이 상환일인 금액")).textContent).toContain("1건");
  });

  it("draws the today / 3 / 7-day windows as charts that say their numbers", async () => {
    renderMe();
    const disbursed = await screen.findByRole("img", { name: /^실지급 금액\(오늘까지\)/ });
    expect(disbursed.getAttribute("aria-label")).toBe(
      "실지급 금액(오늘까지) 그래프: 오늘 ₩0, 최근 3일 ₩1,000,000 및 최근 7일 ₩3,000,000",
    );
    expect(screen.getByRole("img", { name: /^상환된 금액/ }).getAttribute("aria-label")).toBe(
      "상환된 금액(오늘까지) 그래프: 오늘 ₩300,000, 최근 3일 ₩640,000 및 최근 7일 ₩980,000",
    );
    expect(screen.getByRole("img", { name: /^상환 예정액/ }).getAttribute("aria-label")).toBe(
      "상환 예정액(오늘부터) 그래프: 오늘 ₩340,000, 향후 3일 ₩340,000 및 향후 7일 ₩860,000",
    );
  });

  it("sums up the shared debt of the lender's own book, online and offline", async () => {
    renderMe();
    const section = (await screen.findByRole("heading", { name: "내 장부의 채무 요약" })).closest(
      "section",
    ) as HTMLElement;
    const online = within(section).getByRole("region", { name: "앱 내 계약" });
    await waitFor(() => expect(online.getAttribute("aria-busy")).toBeNull());
    expect(within(online).getByText("차용에서 서명된 내 계약")).toBeTruthy();
    expect(within(online).getByText("₩1,880,000")).toBeTruthy();
    expect(within(section).getByRole("region", { name: "외부 대출" })).toBeTruthy();
  });

  it("shows placeholders while the figures load", async () => {
    const figures = deferred();
    const windows = deferred();
    renderMe({ [statisticsPath]: () => figures.promise, [windowsPath]: () => windows.promise });
    const section = await screen.findByRole("region", { name: "통계" });
    expect(section.getAttribute("aria-busy")).toBe("true");
    expect(within(section).getByRole("status").textContent).toBe("불러오는 중…");
    expect(section.querySelectorAll(".stats__tiles .cy-stat-card[aria-busy='true']")).toHaveLength(
      6,
    );
    // The shared-debt summary of the book: two cards of five figures each.
    expect(
      section.querySelectorAll(".shared-debt-card .cy-stat-card[aria-busy='true']"),
    ).toHaveLength(10);
    expect(section.querySelectorAll(".stats-skeleton").length).toBeGreaterThan(10);

    figures.settle({ body: fakeStatistics() });
    windows.settle({ body: fakeStatisticsWindows() });
    expect((await tile("오늘 상환된 금액")).textContent).toContain("₩300,000");
    await waitFor(() => expect(section.getAttribute("aria-busy")).toBe("false"));
    expect(section.querySelectorAll(".stats-skeleton")).toHaveLength(0);
  });

  it("says a failed load and tries again", async () => {
    let refuse = true;
    renderMe({
      [statisticsPath]: () =>
        refuse
          ? { status: 403, message: "접근 권한이 없습니다", body: null }
          : { body: fakeStatistics() },
    });
    await screen.findByText("접근 권한이 없습니다");
    expect(screen.queryByText("진행 중 미상환 금액")).toBeNull();
    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: "다시 시도" }));
    expect((await tile("진행 중 미상환 금액")).textContent).toContain("₩1,880,000");
    expect(screen.queryByText("접근 권한이 없습니다")).toBeNull();
  });

  it("refreshes with the button and keeps the figures on screen meanwhile", async () => {
    let repaidToday = 300_000;
    const answer = () => {
      const statistics = fakeStatistics();
      statistics.today.total.repaidAmount = repaidToday;
      return { body: statistics };
    };
    let pending: ReturnType<typeof deferred> | null = null;
    const { server } = renderMe({
      [statisticsPath]: () => (pending ? pending.promise : answer()),
    });
    expect((await tile("오늘 상환된 금액")).textContent).toContain("₩300,000");

    const callsOf = (path: string) => server.calls.filter((call) => call.path === path).length;
    const before = { figures: callsOf(statisticsPath), windows: callsOf(windowsPath) };
    repaidToday = 500_000;
    pending = deferred();
    fireEvent.click(screen.getByRole("button", { name: "새로고침" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "새로고침" }).getAttribute("aria-busy")).toBe(
        "true",
      ),
    );
    expect((await tile("오늘 상환된 금액")).textContent).toContain("₩300,000");
    expect(screen.getByText("새로고침 중…", { selector: "[role='status']" })).toBeTruthy();
    // The button spins; the pull's spinner, over the profile's name, does not.
    expect(document.querySelector(".pull-indicator")).toBeNull();
    pending.settle(answer());
    pending = null;
    await waitFor(async () =>
      expect((await tile("오늘 상환된 금액")).textContent).toContain("₩500,000"),
    );
    expect(callsOf(statisticsPath)).toBe(before.figures + 1);
    expect(callsOf(windowsPath)).toBe(before.windows + 1);
  });

  it("refreshes when the page is pulled down from the top", async () => {
    let pending: ReturnType<typeof deferred> | null = null;
    const { server } = renderMe({
      [statisticsPath]: () => (pending ? pending.promise : { body: fakeStatistics() }),
    });
    expect((await tile("오늘 상환된 금액")).textContent).toContain("₩300,000");
    pending = deferred();
    const calls = () => server.calls.filter((call) => call.path === statisticsPath).length;
    const before = calls();
    const at = (y: number) => ({ touches: [{ clientX: 150, clientY: y }] });
    fireEvent.touchStart(window, at(120));
    fireEvent.touchMove(window, at(200));
    fireEvent.touchMove(window, at(320));
    expect(await screen.findByText("놓으면 새로고침")).toBeTruthy();
    fireEvent.touchEnd(window, { touches: [] });
    await waitFor(() => expect(calls()).toBe(before + 1));
    // A refresh the pull started shows the pull's spinner while it runs.
    await waitFor(() => expect(document.querySelector(".pull-indicator--refreshing")).toBeTruthy());
    pending.settle({ body: fakeStatistics() });
    await waitFor(() => expect(document.querySelector(".pull-indicator")).toBeNull());
    expect((await tile("오늘 상환된 금액")).textContent).toContain("₩300,000");
  });

  it("shortens amounts too long for a tile, keeping the exact amount for screen readers", async () => {
    const statistics = fakeStatistics();
    statistics.allTime.total.overdueAmount = 1_234_567_890;
    renderMe({ [statisticsPath]: () => ({ body: statistics }) });
    const overdue = await tile("연체 금액");
    await waitFor(() => expect(overdue.textContent).toContain("₩12.3억"));
    expect(within(overdue).getByText("₩1,234,567,890").className).toBe("cy-visually-hidden");
  });

  it("is not shown to a borrower", async () => {
    const { server } = renderMe({}, fakeBorrower);
    await screen.findByText("차용인");
    expect(screen.queryByRole("region", { name: "통계" })).toBeNull();
    expect(server.calls.some((call) => call.path === statisticsPath)).toBe(false);
  });
});
