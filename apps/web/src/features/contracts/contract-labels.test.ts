import { describe, expect, it } from "vitest";
import { absoluteShareLink, dueDateShown, lastDueDate } from "./contract-labels";

describe("share link", () => {
  it("makes a relative link openable from another browser", () => {
    const page = "http://127.0.0.1:4000/#/pages/order/common?id=1";
    expect(absoluteShareLink("#/pages/loans/sign?code=abc", page)).toBe(
      "http://127.0.0.1:4000/#/pages/loans/sign?code=abc",
    );
    expect(absoluteShareLink("/#/pages/loans/sign?code=abc", page)).toBe(
      "http://127.0.0.1:4000/#/pages/loans/sign?code=abc",
    );
    expect(absoluteShareLink("https://loans.example.com/#/x", page)).toBe(
      "https://loans.example.com/#/x",
    );
  });
});

describe("the due date a card shows", () => {
  const single = {
    status: "type6" as const,
    cancelled: false,
    dueDate: "2026-12-10",
    repaymentDate: "2026-12-10",
    instalment: false,
    renewal: false,
  };

  it("is the renewed date, named as such, once a single payment is renewed", () => {
    expect(dueDateShown(single)).toEqual({ date: "2026-12-10", label: "contract.repaymentDate" });
    expect(dueDateShown({ ...single, dueDate: "2027-01-10", renewal: true })).toEqual({
      date: "2027-01-10",
      label: "renewal.date",
    });
  });

  it("is the next instalment owed once signed, the first one before", () => {
    const instalments = { ...single, instalment: true, dueDate: "2027-01-24" };
    expect(dueDateShown(instalments)).toEqual({
      date: "2027-01-24",
      label: "contract.nextDueDate",
    });
    expect(dueDateShown({ ...instalments, status: "type1" })).toEqual({
      date: "2026-12-10",
      label: "contract.firstRepaymentDate",
    });
  });

  it("is the terms' date once nothing is owed or the contract was deleted", () => {
    expect(dueDateShown({ ...single, dueDate: null, renewal: true })).toEqual({
      date: "2026-12-10",
      label: "contract.repaymentDate",
    });
    expect(dueDateShown({ ...single, cancelled: true, dueDate: "2027-01-10" }).date).toBe(
      "2026-12-10",
    );
  });

  it("ends the term on the latest instalment, renewals counted", () => {
    const schedule = [{ dueDate: "2027-03-24" }, { dueDate: "2027-02-24" }];
    expect(lastDueDate({ repaymentDate: "2026-12-24", schedule } as never)).toBe("2027-03-24");
    expect(lastDueDate({ repaymentDate: "2026-12-24", schedule: [] } as never)).toBe("2026-12-24");
  });
});
