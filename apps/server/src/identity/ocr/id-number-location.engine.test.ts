import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { type CardSample, renderCardSamples } from "./id-card-accuracy";
import type { ImageBox } from "./id-card-reader";
import { createTesseractIdCardReader } from "./tesseract-id-card-reader";

// The real tesseract on seeded synthetic cards (src/testing/id-cards.ts), clean and degraded:
// the number is found where it is printed, and covering the box found leaves it unreadable.
const cardsPerCountry = 3;

async function covered(image: Uint8Array, boxes: readonly ImageBox[]): Promise<Uint8Array> {
  const rectangles = boxes.map((box) => ({
    input: {
      create: {
        width: Math.ceil(box.width),
        height: Math.ceil(box.height),
        channels: 3 as const,
        background: "#000000",
      },
    },
    left: Math.floor(box.left),
    top: Math.floor(box.top),
  }));
  return new Uint8Array(await sharp(image).composite(rectangles).png().toBuffer());
}

describe("locating the ID number on a card (docs/identity.md, 'Masked card images')", () => {
  const reader = createTesseractIdCardReader();
  const samples: CardSample[] = [];

  beforeAll(async () => {
    samples.push(...(await renderCardSamples("KR", cardsPerCountry, 5_005)));
    samples.push(...(await renderCardSamples("TW", cardsPerCountry, 6_006)));
  });

  it("finds the hidden part of each card's number, and covering it leaves the number unreadable", async () => {
    const seconds: number[] = [];
    for (const { person, condition, image } of samples) {
      const startedAt = performance.now();
      const search = await reader.locate(image, person.idNumber);
      seconds.push((performance.now() - startedAt) / 1000);
      expect(search.available).toBe(true);
      if (!search.available) continue;
      expect(search.hidden, `${person.country} ${condition} ${person.idNumber}`).toHaveLength(1);
      const [box] = search.hidden as [ImageBox];
      // Korean numbers are printed from x = 56 at 36 px (the hidden digits from about 210),
      // Taiwanese from x = 160 at 34 px (from about 205): the box leaves the shown part alone.
      const numberStart = person.country === "KR" ? 56 : 160;
      expect(box.left).toBeGreaterThan(person.country === "KR" ? 176 : 185);
      expect(box.left + box.width).toBeLessThan(numberStart + 360);
      const masked = await covered(image, search.hidden);
      const again = await reader.locate(masked, person.idNumber);
      expect(again).toMatchObject({ available: true, hidden: [] });
      const reading = await reader.read(masked, { countries: [person.country] });
      expect(reading.available && reading.fields.idNumber).not.toBe(person.idNumber);
    }
    const sorted = [...seconds].sort((a, b) => a - b);
    console.info(
      `locating the number: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(2)} s, max ${sorted.at(-1)?.toFixed(2)} s a card (${sorted.length} cards)`,
    );
  });

  it("locates a number again as it did the first time, after reading others", async () => {
    // The test servers remember its searches on this ground (src/testing/remembered-engines.ts).
    const [first, second] = samples;
    if (!first || !second) throw new Error("no samples");
    const before = await reader.locate(first.image, first.person.idNumber);
    await reader.locate(second.image, second.person.idNumber);
    expect(await reader.locate(first.image, first.person.idNumber)).toEqual(before);
  });

  it("tells another card's number from no number", async () => {
    const [first, second] = samples.filter((sample) => sample.condition === "clean");
    if (!first || !second) throw new Error("no samples");
    const other = await reader.locate(first.image, second.person.idNumber);
    expect(other).toEqual({ available: true, hidden: [], otherNumbers: [first.person.idNumber] });
    const blank = await sharp({
      create: { width: 856, height: 540, channels: 3, background: "#eef3fa" },
    })
      .png()
      .toBuffer();
    const none = await reader.locate(new Uint8Array(blank), first.person.idNumber);
    expect(none).toEqual({ available: true, hidden: [], otherNumbers: [] });
  });
});
