import { describe, expect, it } from "vitest";
import { localClockIn, noticeKinds, reminderDueAt, reminderWindowDays, smsKindOf } from "./notice";

describe("reminderDueAt", () => {
  const due = "2026-03-10";

  it("sends each reminder on its day from 10:00 in the contract's time zone", () => {
    // Seoul is UTC+9: 10:00 there is 01:00 UTC.
    expect(reminderDueAt(due, "Asia/Seoul", new Date("2026-03-07T00:59:59Z"))).toBeNull();
    expect(reminderDueAt(due, "Asia/Seoul", new Date("2026-03-07T01:00:00Z"))).toBe("dueSoon");
    expect(reminderDueAt(due, "Asia/Seoul", new Date("2026-03-10T01:00:00Z"))).toBe("dueToday");
    expect(reminderDueAt(due, "Asia/Seoul", new Date("2026-03-11T05:00:00Z"))).toBe("overdue1");
    expect(reminderDueAt(due, "Asia/Seoul", new Date("2026-03-17T14:59:59Z"))).toBe("overdue7");
    // Midnight in Seoul ends the day: the reminder is not sent late.
    expect(reminderDueAt(due, "Asia/Seoul", new Date("2026-03-17T15:00:00Z"))).toBeNull();
  });

  it("reads the contract's own zone: 10:00 in Taipei is an hour after 10:00 in Seoul", () => {
    const at = new Date("2026-03-10T01:30:00Z"); // 10:30 in Seoul, 09:30 in Taipei
    expect(reminderDueAt(due, "Asia/Seoul", at)).toBe("dueToday");
    expect(reminderDueAt(due, "Asia/Taipei", at)).toBeNull();
    expect(reminderDueAt(due, "Asia/Taipei", new Date("2026-03-10T02:00:00Z"))).toBe("dueToday");
  });

  it("sends nothing on the days between", () => {
    for (const day of ["2026-03-06", "2026-03-08", "2026-03-09", "2026-03-12", "2026-03-16"]) {
      expect(reminderDueAt(due, "Asia/Seoul", new Date(`${day}T03:00:00Z`))).toBeNull();
    }
  });

  it("names the window a scan reads and the SMS category of each kind", () => {
    expect(reminderWindowDays).toEqual({ before: 3, after: 7 });
    expect(localClockIn("Asia/Taipei", new Date("2026-03-09T16:30:00Z"))).toEqual({
      date: "2026-03-10",
      hour: 0,
    });
    expect(noticeKinds.map(smsKindOf)).toEqual([
      "reminder",
      "reminder",
      "overdue",
      "overdue",
      "receipt",
    ]);
  });
});
