import { afterEach, describe, expect, it } from "vitest";
import { isEditing, keepClearBoxes, textLineBoxes } from "./keep-clear";

function placed(html: string, boxes: Record<string, [number, number, number, number]>) {
  document.body.innerHTML = html;
  for (const [id, [left, top, width, height]] of Object.entries(boxes)) {
    const element = document.getElementById(id);
    if (!element) throw new Error(`no #${id}`);
    element.getBoundingClientRect = () =>
      ({ left, top, width, height, right: left + width, bottom: top + height }) as DOMRect;
  }
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("isEditing", () => {
  it("is true for fields that take typing, not for buttons or checkboxes", () => {
    placed(
      `<input id="a"><input id="b" type="date"><textarea id="c"></textarea><select id="d"></select>
       <input id="e" type="checkbox"><button id="f">ok</button><input id="g" type="submit">`,
      {},
    );
    const editing = (id: string) => isEditing(document.getElementById(id));
    expect(["a", "b", "c", "d"].map(editing)).toEqual([true, true, true, true]);
    expect(["e", "f", "g"].map(editing)).toEqual([false, false, false]);
    expect(isEditing(null)).toBe(false);
  });
});

describe("keepClearBoxes", () => {
  const region = { left: 300, top: 500, right: 360, bottom: 560 };

  it("finds actions, badges and last table cells under the region, nothing else", () => {
    placed(
      `<button id="button">confirm</button>
       <a id="link" href="#x">link</a>
       <span id="badge" class="cy-status-badge">pending</span>
       <table><tr><td id="first">1</td><td id="last">340,000</td></tr></table>
       <p id="text">plain text</p>
       <button id="far">far away</button>`,
      {
        button: [16, 520, 328, 48],
        link: [320, 540, 30, 20],
        badge: [290, 490, 40, 20],
        first: [16, 500, 100, 20],
        last: [300, 500, 44, 20],
        text: [16, 500, 344, 60],
        far: [16, 100, 328, 48],
      },
    );
    expect(keepClearBoxes(document, region, null)).toHaveLength(4);
  });

  it("keeps the figures people read clear: any table cell, a row heading, a stat card's figure", () => {
    placed(
      `<table><tr><th id="row" scope="row">in progress</th><td id="middle">3</td><td>₩1,000</td></tr></table>
       <div class="cy-stat-card"><p id="label" class="cy-stat-card__label">overdue</p>
       <p id="figure" class="cy-stat-card__value">₩191,771</p></div>`,
      {
        row: [300, 500, 40, 20],
        middle: [320, 520, 20, 20],
        label: [300, 540, 60, 10],
        figure: [300, 550, 60, 30],
      },
    );
    const ids = keepClearBoxes(document, region, null).length;
    // The row heading, the middle cell and the figure (lines of text: their own test below).
    expect(ids).toBe(3);
  });

  it("leaves out the floating button itself, hidden things and open dialogs", () => {
    placed(
      `<button id="self">service</button>
       <button id="hidden" style="display:none">hidden</button>
       <dialog open><button id="inDialog">close</button></dialog>`,
      { self: [300, 500, 56, 56], hidden: [300, 500, 56, 56], inDialog: [300, 500, 56, 56] },
    );
    expect(keepClearBoxes(document, region, document.getElementById("self"))).toEqual([]);
  });
});

describe("textLineBoxes", () => {
  const region = { left: 300, top: 500, right: 360, bottom: 560 };

  it("finds each line of text under the region: a label, a heading, not text elsewhere", () => {
    placed(
      `<dl><dt id="label">借款金額</dt><dd id="far">₩1,000,000</dd></dl>
       <h3 id="heading">各期餘額</h3>
       <p id="away">elsewhere</p>
       <p id="blank">   </p>`,
      {
        label: [280, 500, 80, 20],
        far: [16, 100, 100, 20],
        heading: [16, 530, 344, 40],
        away: [16, 300, 344, 20],
        blank: [300, 500, 60, 20],
      },
    );
    // Layout is the browser's: each text's lines as the element box, split in two for the heading.
    const original = Range.prototype.getClientRects;
    Range.prototype.getClientRects = function (this: Range) {
      const element = this.startContainer.parentElement as HTMLElement;
      const { left, top, width, height } = element.getBoundingClientRect();
      const lines = element.id === "heading" ? 2 : 1;
      return Array.from({ length: lines }, (_, line) => ({
        left,
        top: top + (line * height) / lines,
        width,
        height: height / lines,
        right: left + width,
        bottom: top + ((line + 1) * height) / lines,
      })) as unknown as DOMRectList;
    };
    try {
      const lines = textLineBoxes(document.body, region, null);
      expect(lines.map((box) => [box.top, box.bottom])).toEqual([
        [500, 520],
        [530, 550],
        [550, 570],
      ]);
      // The floating button's own label is not in its way.
      expect(textLineBoxes(document.body, region, document.getElementById("label"))).toHaveLength(
        2,
      );
    } finally {
      Range.prototype.getClientRects = original;
    }
  });
});
