import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkSignature, type SignatureData } from "./signature-data";
import { SignaturePad } from "./signature-pad";

// happy-dom lays nothing out: give the drawing surface a phone-sized box.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
    this: HTMLElement,
  ) {
    const box = this.classList.contains("cy-signature-pad__canvas")
      ? { width: 360, height: 240 }
      : { width: 0, height: 0 };
    return {
      x: 0,
      y: 0,
      left: 0,
      top: 0,
      right: box.width,
      bottom: box.height,
      ...box,
      toJSON: () => ({}),
    } as DOMRect;
  });
});

function stroke(canvas: HTMLElement, points: Array<[number, number]>, pointerId = 1) {
  const [first, ...rest] = points;
  if (!first) return;
  fireEvent.pointerDown(canvas, {
    pointerId,
    button: 0,
    clientX: first[0],
    clientY: first[1],
    pointerType: "touch",
  });
  for (const [x, y] of rest)
    fireEvent.pointerMove(canvas, { pointerId, clientX: x, clientY: y, pointerType: "touch" });
  const last = rest.at(-1) ?? first;
  fireEvent.pointerUp(canvas, {
    pointerId,
    clientX: last[0],
    clientY: last[1],
    pointerType: "touch",
  });
}

const zigzag: Array<[number, number]> = [
  [40, 150],
  [80, 90],
  [120, 160],
  [160, 80],
  [200, 150],
  [260, 100],
];

function setup() {
  const onSave = vi.fn();
  const onReject = vi.fn();
  const onChange = vi.fn<(data: SignatureData) => void>();
  render(
    <SignaturePad onSave={onSave} onReject={onReject} onChange={onChange} onBack={() => {}} />,
  );
  const canvas = screen.getByRole("img", { name: "서명 영역" });
  return { onSave, onReject, onChange, canvas };
}

describe("SignaturePad", () => {
  it("refuses to save an empty pad with 'no signature detected'", () => {
    const { onSave, onReject } = setup();
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    expect(screen.getByRole("alert").textContent).toBe("서명이 감지되지 않았습니다");
    expect(onReject).toHaveBeenCalledWith("empty");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses a dot or a tiny tick as too small", () => {
    const { onSave, onReject, canvas } = setup();
    stroke(canvas, [
      [100, 100],
      [104, 103],
    ]);
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    expect(onReject).toHaveBeenCalledWith("too-small");
    expect(onSave).not.toHaveBeenCalled();
    // Something is drawn: the pad asks for the rest of it, not for a signature it cannot see.
    expect(screen.getByRole("alert").textContent).toBe("서명을 완료해 주세요");
  });

  it("records strokes normalised to the drawing box, and undo / clear change them", () => {
    const { canvas, onChange } = setup();
    stroke(canvas, zigzag);
    stroke(canvas, [
      [50, 200],
      [300, 200],
    ]);
    const drawn = onChange.mock.lastCall?.[0];
    expect(drawn?.width).toBe(360);
    expect(drawn?.height).toBe(240);
    expect(drawn?.strokes).toHaveLength(2);
    expect(drawn?.strokes[1]?.[1]).toEqual([300 / 360, 200 / 240, 0.5]);
    expect(canvas.dataset.strokes).toBe("2");

    fireEvent.click(screen.getByRole("button", { name: "되돌리기" }));
    expect(canvas.dataset.strokes).toBe("1");
    expect(onChange.mock.lastCall?.[0].strokes).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "지우기" }));
    expect(canvas.dataset.strokes).toBe("0");
    expect((screen.getByRole("button", { name: "지우기" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // Undo right after clear brings the drawing back.
    fireEvent.click(screen.getByRole("button", { name: "되돌리기" }));
    expect(canvas.dataset.strokes).toBe("1");
  });

  it("accepts a real signature (the PNG export itself is checked in Chromium by the stories)", () => {
    expect(
      checkSignature({
        width: 360,
        height: 240,
        strokes: [zigzag.map(([x, y]) => [x / 360, y / 240, 0.5])],
      }),
    ).toEqual({ kind: "ok" });
  });
});
