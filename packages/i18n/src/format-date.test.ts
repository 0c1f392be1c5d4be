import { describe, expect, it } from "vitest";
import {
  differsFromPhone,
  formatCalendarDate,
  formatDate,
  formatInstant,
  formatRecordedInstant,
} from "./format-date";

describe("formatCalendarDate", () => {
  it("writes a day as each language does, never as the server's ISO text", () => {
    expect(formatCalendarDate("2026-11-23", "ko-KR")).toBe("2026. 11. 23.");
    expect(formatCalendarDate("2026-11-23", "zh-TW")).toBe("2026/11/23");
    expect(formatCalendarDate("2026-01-05", "zh-TW")).toBe("2026/01/05");
  });

  it("keeps the day whatever the reader's time zone (a day, not a moment)", () => {
    // Midnight UTC is the day before in America/Los_Angeles: the day must not move.
    expect(formatCalendarDate("2026-03-01", "ko-KR")).toBe("2026. 03. 01.");
  });

  it("writes ko-KR and zh-TW days exactly as the platform's Intl writes them", () => {
    for (const day of ["2026-01-05", "2026-11-23", "1999-12-31", "2030-02-28", "2028-02-29"]) {
      const [year, month, date] = day.split("-").map(Number) as [number, number, number];
      const instant = new Date(Date.UTC(year, month - 1, date));
      for (const locale of ["ko-KR", "zh-TW"]) {
        const intl = new Intl.DateTimeFormat(locale, {
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          timeZone: "UTC",
        }).format(instant);
        expect(formatCalendarDate(day, locale)).toBe(intl);
      }
    }
    // Another locale is written by Intl.
    expect(formatCalendarDate("2026-11-23", "en-US")).toBe("11/23/2026");
  });

  it("shows text that is no day as it came", () => {
    expect(formatCalendarDate("2026-02-31", "ko-KR")).toBe("2026-02-31");
    expect(formatCalendarDate("", "ko-KR")).toBe("");
    expect(formatCalendarDate("2026-02-31x", "ko-KR")).toBe("2026-02-31x");
    expect(formatCalendarDate("unknown", "zh-TW")).toBe("unknown");
  });
});

describe("formatInstant", () => {
  const instant = "2026-11-23T05:12:00.000Z";

  it("writes a moment with its time in the given time zone, naming the zone when the phone's differs", () => {
    const phone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const seoulPhone = phone === "Asia/Seoul" || phone === "Asia/Tokyo";
    expect(formatInstant(instant, "ko-KR", { timeZone: "Asia/Seoul" })).toBe(
      seoulPhone ? "2026. 11. 23. 오후 2:12" : "2026. 11. 23. 오후 2:12 (GMT+9)",
    );
    expect(formatInstant(instant, "zh-TW", { timeZone: "Asia/Taipei" })).toMatch(
      /^2026\/11\/23\s下午1:12( \(GMT\+8\))?$/,
    );
    // One way in both languages, as the signed document writes it: the offset in parentheses
    // (Intl alone writes '[GMT+9]' in zh-TW).
    expect(formatInstant(instant, "zh-TW", { timeZone: "Asia/Seoul" })).toMatch(
      seoulPhone ? /^2026\/11\/23\s下午2:12$/ : /^2026\/11\/23\s下午2:12 \(GMT\+9\)$/,
    );
    // The phone's own zone is never named: its clock reads the same.
    expect(formatInstant(instant, "ko-KR", { timeZone: phone })).not.toMatch(/GMT|UTC/);
    expect(formatInstant(instant, "ko-KR", { timeZone: "Asia/Seoul" })).not.toContain("T05:12");
    expect(differsFromPhone(new Date(instant), phone)).toBe(false);
    expect(differsFromPhone(new Date(instant), seoulPhone ? "Europe/Berlin" : "Asia/Seoul")).toBe(
      true,
    );
    // Twelve hours apart read the same on a 12-hour clock: still another zone.
    const twelveAway = new Date("2026-11-23T05:12:00.000Z");
    expect(differsFromPhone(twelveAway, "Pacific/Auckland")).toBe(phone !== "Pacific/Auckland");
  });

  it("uses the reader's own time zone by default, and can show the day alone", () => {
    const expected = new Intl.DateTimeFormat("ko-KR", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "numeric",
      minute: "2-digit",
    }).format(new Date(instant));
    expect(formatInstant(instant, "ko-KR")).toBe(expected);
    expect(formatInstant(new Date(instant), "zh-TW", { time: false, timeZone: "UTC" })).toBe(
      "2026/11/23",
    );
  });

  it("shows text that is no moment as it came", () => {
    expect(formatInstant("unknown", "zh-TW")).toBe("unknown");
  });
});

describe("formatRecordedInstant", () => {
  const signedAt = "2026-03-02T05:05:00.000Z";

  it("writes a moment of record as the signed document does, its zone always named", () => {
    expect(formatRecordedInstant(signedAt, "ko-KR", "Asia/Seoul")).toBe(
      "2026년 3월 2일 14:05 (GMT+9)",
    );
    expect(formatRecordedInstant(new Date(signedAt), "zh-TW", "Asia/Taipei")).toBe(
      "2026年3月2日 13:05 (GMT+8)",
    );
  });

  it("shows text that is no moment as it came", () => {
    expect(formatRecordedInstant("soon", "ko-KR", "Asia/Seoul")).toBe("soon");
  });
});

describe("formatDate", () => {
  it("tells a day from a moment", () => {
    expect(formatDate("2026-11-23", "ko-KR")).toBe("2026. 11. 23.");
    expect(formatDate("2026-11-23T05:12:00.000Z", "zh-TW", { timeZone: "UTC" })).toMatch(
      /^2026\/11\/23\s上午5:12( \(GMT(\+0)?\))?$/,
    );
    expect(formatDate("soon", "ko-KR")).toBe("soon");
  });
});
