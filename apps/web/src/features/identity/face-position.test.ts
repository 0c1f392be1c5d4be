import { describe, expect, it } from "vitest";
import { assessFaces, faceInView, holdMs, nextHold, noHold } from "./face-position";

// A 640x480 camera frame shown in a 3:4 view of 300x400: scaled by 400/480, its sides cut off.
const frame = { width: 640, height: 480 };
const view = { width: 300, height: 400 };
/** A face box of `size` pixels centred at (cx, cy) of the frame. */
const face = (cx: number, cy: number, size: number, score = 0.9) => ({
  x: cx - size / 2,
  y: cy - size / 2,
  width: size,
  height: size,
  score,
});

describe("faceInView", () => {
  it("maps the frame's centre to the view's centre and scales to cover the view", () => {
    const seen = faceInView(face(320, 240, 240), frame, view);
    expect(seen.centerX).toBeCloseTo(0.5);
    expect(seen.centerY).toBeCloseTo(0.5);
    // 240 px * 400/480 = 200 px of a 300 px view.
    expect(seen.width).toBeCloseTo(2 / 3);
  });

  it("accounts for the sides the view cuts off", () => {
    // The view shows frame x 140..500: x = 140 is its left edge.
    expect(faceInView(face(140, 240, 10), frame, view).centerX).toBeCloseTo(0);
  });
});

describe("assessFaces", () => {
  it("asks for a face, for one face only, for the centre, and for the right distance", () => {
    expect(assessFaces([], frame, view).position).toBe("noFace");
    expect(assessFaces([face(320, 240, 240, 0.3)], frame, view).position).toBe("noFace");
    expect(assessFaces([face(250, 240, 200), face(400, 240, 200)], frame, view).position).toBe(
      "multipleFaces",
    );
    expect(assessFaces([face(460, 240, 220)], frame, view).position).toBe("notCentred");
    expect(assessFaces([face(320, 215, 80)], frame, view).position).toBe("tooFar");
    expect(assessFaces([face(320, 230, 420)], frame, view).position).toBe("tooClose");
  });

  it("accepts one face about the oval's size in the oval", () => {
    const seen = assessFaces([face(320, 230, 240)], frame, view);
    expect(seen.position).toBe("aligned");
    expect(seen.face?.width).toBeCloseTo(2 / 3);
  });
});

describe("nextHold", () => {
  const still = { centerX: 0.5, centerY: 0.45, width: 0.6 };

  it("completes after a steady second", () => {
    let hold = nextHold(noHold, 1000, still);
    expect(hold.progress).toBe(0);
    hold = nextHold(hold, 1000 + holdMs / 2, { ...still, centerX: 0.52 });
    expect(hold.progress).toBeCloseTo(0.5);
    hold = nextHold(hold, 1000 + holdMs, still);
    expect(hold.progress).toBe(1);
  });

  it("starts again when the face moves, resizes or is lost", () => {
    const held = nextHold(nextHold(noHold, 0, still), 800, still);
    expect(held.progress).toBeCloseTo(0.8);
    expect(nextHold(held, 900, { ...still, centerX: 0.6 }).progress).toBe(0);
    expect(nextHold(held, 900, { ...still, width: 0.8 }).progress).toBe(0);
    expect(nextHold(held, 900, null)).toEqual(noHold);
  });
});
