import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FigureAmount, formatFigure } from "./figure-amount";

afterEach(cleanup);

describe("dashboard amounts", () => {
  it("reads in full when they fit, in the reader's digits and the contract's currency", () => {
    expect(formatFigure(1_880_000, "KRW", "ko-KR", "tile")).toEqual({
      full: "₩1,880,000",
      shown: "₩1,880,000",
    });
    expect(formatFigure(-1_800_000, "KRW", "ko-KR", "tile", true).shown).toBe("-₩1,800,000");
    expect(formatFigure(300_000, "KRW", "ko-KR", "tile", true).shown).toBe("+₩300,000");
    expect(formatFigure(45_000, "TWD", "zh-TW", "tile").shown).toBe("NT$45,000");
    expect(formatFigure(1_234_567_890, "KRW", "ko-KR", "wide").shown).toBe("₩1,234,567,890");
  });

  it("are shortened where they would not fit, to three significant digits", () => {
    expect(formatFigure(1_234_567_890, "KRW", "ko-KR", "tile")).toEqual({
      full: "₩1,234,567,890",
      shown: "₩12.3억",
    });
    expect(formatFigure(123_456_789, "KRW", "ko-KR", "tile").shown).toBe("₩1.23억");
    expect(formatFigure(1_234_567_890, "TWD", "zh-TW", "tile").shown).toBe("NT$12.3億");
    expect(formatFigure(98_765_432_100, "KRW", "zh-TW", "cell").shown).toBe("₩988億");
    expect(formatFigure(-1_234_567_890, "TWD", "ko-KR", "tile").shown).toBe("-NT$12.3억");
  });

  it("keep the exact amount for screen readers and on hover when shortened", () => {
    render(<FigureAmount amount={1_234_567_890} currency="KRW" locale="ko-KR" fit="tile" />);
    const shown = screen.getByText("₩12.3억");
    expect(shown.getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByText("₩1,234,567,890").className).toBe("cy-visually-hidden");
    expect(shown.parentElement?.getAttribute("title")).toBe("₩1,234,567,890");
  });

  it("show a negative net with its minus sign, in plain ink (not an alarm)", () => {
    render(<FigureAmount amount={-5} currency="KRW" locale="ko-KR" fit="tile" signed />);
    expect(screen.getByText("-₩5").className).toBe("figure-amount");
  });
});
