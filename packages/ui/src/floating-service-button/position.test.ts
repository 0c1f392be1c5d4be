import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anchorOf,
  type Box,
  boxesOverlap,
  defaultServiceButtonAnchor,
  dockedBox,
  dockedTabWidth,
  placeButton,
  positionOfAnchor,
  snapToSide,
  storedServiceButtonPosition,
} from "./position";

const phone = { width: 360, height: 640, insets: { top: 8, right: 8, bottom: 8, left: 8 } };
const size = 56;

describe("snapToSide", () => {
  it("rests against the nearer side edge at the height it was dropped", () => {
    expect(snapToSide({ x: 120, y: 300 }, size, phone)).toEqual({ x: 8, y: 300 });
    expect(snapToSide({ x: 200, y: 300 }, size, phone)).toEqual({ x: 296, y: 300 });
    expect(snapToSide({ x: 1000, y: 10000 }, size, phone)).toEqual({ x: 296, y: 576 });
    expect(snapToSide({ x: -80, y: -80 }, size, phone)).toEqual({ x: 8, y: 8 });
  });

  it("always ends on screen, against an edge", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2000, max: 2000 }),
        fc.integer({ min: -2000, max: 20000 }),
        (x, y) => {
          const at = snapToSide({ x, y }, size, phone);
          expect([8, 296]).toContain(at.x);
          expect(at.y).toBeGreaterThanOrEqual(8);
          expect(at.y).toBeLessThanOrEqual(576);
        },
      ),
    );
  });
});

describe("anchors (side edge + fraction of the height)", () => {
  const portrait = { width: 390, height: 844, insets: phone.insets };
  const landscape = { width: 844, height: 390, insets: phone.insets };

  it("names the nearer edge and the share of the height; 1 at the bottom", () => {
    expect(anchorOf({ x: 8, y: 422 }, size, portrait)).toEqual({ side: "left", fraction: 0.5 });
    expect(anchorOf({ x: 300, y: 10000 }, size, portrait)).toEqual({ side: "right", fraction: 1 });
    expect(positionOfAnchor({ side: "left", fraction: 0.5 }, size, landscape)).toEqual({
      x: 8,
      y: 195,
    });
    expect(positionOfAnchor({ side: "right", fraction: 1 }, size, landscape)).toEqual({
      x: 780,
      y: 326,
    });
  });

  it("always lands on screen, on the anchor's own edge, in any viewport", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("left" as const, "right" as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 120, max: 2000 }),
        fc.integer({ min: 120, max: 2000 }),
        (side, fraction, width, height) => {
          const area = { width, height, insets: phone.insets };
          const at = positionOfAnchor({ side, fraction }, size, area);
          expect(at.x).toBe(side === "left" ? 8 : width - 8 - size);
          expect(at.y).toBeGreaterThanOrEqual(8);
          expect(at.y).toBeLessThanOrEqual(Math.max(8, height - 8 - size));
          // Read back, it is the same edge (a round trip never flips side).
          expect(anchorOf(at, size, area).side).toBe(side);
        },
      ),
    );
  });

  it("reads what is stored: an anchor, or the pixels of older versions", () => {
    expect(storedServiceButtonPosition("left", 0.25)).toEqual({ side: "left", fraction: 0.25 });
    expect(storedServiceButtonPosition(326, 700)).toEqual({ x: 326, y: 700 });
    expect(storedServiceButtonPosition(1000, 10000)).toEqual({ x: 1000, y: 10000 });
    expect(storedServiceButtonPosition("left", 5)).toEqual(defaultServiceButtonAnchor);
    expect(storedServiceButtonPosition("middle", 0.5)).toEqual(defaultServiceButtonAnchor);
    expect(storedServiceButtonPosition(undefined, null)).toEqual(defaultServiceButtonAnchor);
  });
});

describe("boxesOverlap", () => {
  it("counts shared area, not touching edges", () => {
    const a = { left: 0, top: 0, right: 10, bottom: 10 };
    expect(boxesOverlap(a, { left: 9, top: 9, right: 20, bottom: 20 })).toBe(true);
    expect(boxesOverlap(a, { left: 10, top: 0, right: 20, bottom: 10 })).toBe(false);
    expect(boxesOverlap(a, { left: 0, top: 10, right: 10, bottom: 20 })).toBe(false);
  });
});

describe("placeButton", () => {
  const resting = { x: 296, y: 500 };
  // A full-width button of a page with the usual 16 px gutter, and a badge at a card's right end.
  const confirmButton: Box = { left: 16, top: 520, right: 344, bottom: 568 };
  const badge: Box = { left: 280, top: 200, right: 340, bottom: 224 };

  it("shows the full button where nothing lies under it", () => {
    expect(placeButton(resting, size, phone, [badge], false)).toEqual({ docked: false, y: 500 });
  });

  it("docks as a tab in the gutter when it would cover an action", () => {
    const placement = placeButton(resting, size, phone, [confirmButton, badge], false);
    expect(placement).toEqual({ docked: true, y: 500 });
    const tab = dockedBox({ x: resting.x, y: placement.y }, size, phone);
    expect(tab).toEqual({ left: 360 - dockedTabWidth, top: 500, right: 360, bottom: 556 });
    expect(boxesOverlap(tab, confirmButton)).toBe(false);
  });

  it("docks while someone types, even with nothing under it", () => {
    expect(placeButton(resting, size, phone, [], true)).toEqual({ docked: true, y: 500 });
  });

  it("moves the tab along its edge to the nearest free height when even the tab would cover something", () => {
    // A header action reaching the screen's edge (y 0..48) under a button resting at the top.
    const headerAction: Box = { left: 250, top: 0, right: 356, bottom: 48 };
    const placement = placeButton({ x: 296, y: 8 }, size, phone, [headerAction], false);
    expect(placement).toEqual({ docked: true, y: 48 });
    // A bottom bar's button reaching the edge: the tab goes above it.
    const bottomBar: Box = { left: 0, top: 560, right: 360, bottom: 640 };
    expect(placeButton({ x: 296, y: 576 }, size, phone, [bottomBar], false)).toEqual({
      docked: true,
      y: 504,
    });
  });

  it("never lets the docked tab cover anything inside the pages' gutters", () => {
    const contentBox = fc
      .record({
        left: fc.integer({ min: 16, max: 340 }),
        top: fc.integer({ min: -200, max: 800 }),
        width: fc.integer({ min: 1, max: 344 }),
        height: fc.integer({ min: 1, max: 120 }),
      })
      .map(({ left, top, width, height }) => ({
        left,
        top,
        right: Math.min(344, left + width),
        bottom: top + height,
      }));
    fc.assert(
      fc.property(
        fc.array(contentBox, { maxLength: 30 }),
        fc.integer({ min: 8, max: 576 }),
        fc.boolean(),
        fc.boolean(),
        (obstacles, y, left, editing) => {
          const position = { x: left ? 8 : 296, y };
          const placement = placeButton(position, size, phone, obstacles, editing);
          const shown = placement.docked
            ? dockedBox({ x: position.x, y: placement.y }, size, phone)
            : { left: position.x, top: y, right: position.x + size, bottom: y + size };
          for (const obstacle of obstacles) expect(boxesOverlap(shown, obstacle)).toBe(false);
        },
      ),
    );
  });
});
