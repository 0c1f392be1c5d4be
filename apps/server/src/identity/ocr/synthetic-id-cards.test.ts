import { idNumberFacts, parseIdNumber } from "@chayong/domain";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import {
  idCardHeight,
  idCardWidth,
  mulberry32,
  randomIdCardPerson,
  randomTaiwanCardBack,
  renderIdCard,
  renderTaiwanIdCardBack,
  rocDate,
} from "../../testing/id-cards";

// The synthetic cards the OCR tests and the browser tests read (src/testing/id-cards.ts).
describe("synthetic ID cards", () => {
  it("draws people whose valid numbers agree with their birthday and gender", () => {
    const random = mulberry32(42);
    for (const country of ["KR", "TW"] as const) {
      for (let i = 0; i < 200; i++) {
        const person = randomIdCardPerson(country, random);
        const parsed = parseIdNumber(person.idNumber);
        expect(parsed?.normalized, person.idNumber).toBe(person.idNumber);
        expect(parsed?.kind).toBe(country === "KR" ? "KR-RRN" : "TW-ID");
        const facts = idNumberFacts(parsed as NonNullable<typeof parsed>);
        expect(facts.gender).toBe(person.gender);
        if (country === "KR") expect(facts.birthday).toBe(person.birthday);
        expect(person.name).toMatch(country === "KR" ? /^[가-힣]{3}$/ : /^\p{Script=Han}{3}$/u);
      }
    }
  });

  it("draws the same people from the same seed", () => {
    const draw = () => randomIdCardPerson("TW", mulberry32(7));
    expect(draw()).toEqual(draw());
  });

  it("prints Taiwanese dates in 民國 years", () => {
    expect(rocDate("1990-01-01")).toBe("民國79年1月1日");
    expect(rocDate("2011-10-10")).toBe("民國100年10月10日");
  });

  it("renders a PNG of the ID-1 aspect, the same bytes for the same seed", async () => {
    const person = randomIdCardPerson("KR", mulberry32(1));
    const first = await renderIdCard({ ...person, seed: 3 });
    const again = await renderIdCard({ ...person, seed: 3 });
    expect(Buffer.from(first).subarray(1, 4).toString("latin1")).toBe("PNG");
    const image = await loadImage(first);
    expect([image.width, image.height]).toEqual([idCardWidth, idCardHeight]);
    expect(Buffer.from(first).equals(Buffer.from(again))).toBe(true);
    const degraded = await renderIdCard({
      ...person,
      seed: 3,
      degrade: { rotationDeg: 2, blurPx: 1, noise: 10 },
    });
    expect(Buffer.from(degraded).equals(Buffer.from(first))).toBe(false);
  });

  it("renders a Taiwanese back of the ID-1 aspect, the same bytes for the same seed", async () => {
    const person = randomIdCardPerson("TW", mulberry32(8));
    const first = await renderTaiwanIdCardBack({ person, seed: 4 });
    const again = await renderTaiwanIdCardBack({ person, seed: 4 });
    const image = await loadImage(first);
    expect([image.width, image.height]).toEqual([idCardWidth, idCardHeight]);
    expect(Buffer.from(first).equals(Buffer.from(again))).toBe(true);
  });

  it("draws a back's distractors as real backs print them: the father's surname, no service for women", () => {
    const random = mulberry32(9);
    for (let i = 0; i < 50; i++) {
      const person = randomIdCardPerson("TW", random);
      const back = randomTaiwanCardBack(person, random);
      expect(back.father.slice(0, 1)).toBe(person.name.slice(0, 1));
      expect(back.father).toMatch(/^\p{Script=Han}{3}$/u);
      if (person.gender === "female") expect(back.service).toBe("");
      expect(back.birthplace).toMatch(/[市縣]$/);
      expect(back.serial).toMatch(/^\d{10}$/);
    }
  });

  it("draws the portrait cover-fit into the box: cropped at the sides, not stretched", async () => {
    // Green, red, red, blue quarters: a wide photo in a tall box keeps only its red middle.
    const photo = createCanvas(400, 200);
    const context = photo.getContext("2d");
    for (const [x, colour] of [
      [0, "#00ff00"],
      [100, "#ff0000"],
      [200, "#ff0000"],
      [300, "#0000ff"],
    ] as const) {
      context.fillStyle = colour;
      context.fillRect(x, 0, 100, 200);
    }
    for (const country of ["KR", "TW"] as const) {
      const person = randomIdCardPerson(country, mulberry32(5));
      const card = await renderIdCard({
        ...person,
        seed: 1,
        portrait: new Uint8Array(photo.toBuffer("image/png")),
      });
      const image = await loadImage(card);
      const canvas = createCanvas(image.width, image.height);
      const pixels = canvas.getContext("2d");
      pixels.drawImage(image, 0, 0);
      // Just inside the box's left and right edges, and its centre (both boxes span x 612-806, y 120-366).
      for (const x of [620, 710, 795]) {
        const [red, green, blue] = pixels.getImageData(x, 250, 1, 1).data;
        expect([red, green, blue], `${country} x ${x}`).toEqual([255, 0, 0]);
      }
    }
  });
});
