import { availableParallelism } from "node:os";
import {
  type IdCardDegradation,
  type IdCardPerson,
  mulberry32,
  randomIdCardPerson,
  renderIdCard,
  renderTaiwanIdCardBack,
} from "../../testing/id-cards";
import type { IdCardCountry, IdCardReader, IdCardReading } from "./id-card-reader";

/**
 * Measuring an `IdCardReader` on synthetic cards, for the engine test and bench/ocr-accuracy.ts
 * (docs/identity.md, "Reading ID cards (OCR)"): seeded people, each card rendered clean and
 * degraded (a Taiwanese card's back too: its address is there), read a few at a time, and the
 * share of each field read exactly.
 */

export type CardCondition = "clean" | "degraded";

export interface CardSample {
  person: IdCardPerson;
  condition: CardCondition;
  image: Uint8Array;
  /** Taiwanese cards: the back, which carries the address, in the same condition. */
  back?: Uint8Array;
}

export interface CardOutcome extends CardSample {
  reading: IdCardReading;
  seconds: number;
}

/** A photo of a card as phones take them: tilted up to 3°, a little out of focus, grainy. */
export function randomDegradation(random: () => number): IdCardDegradation {
  return {
    rotationDeg: (random() * 2 - 1) * 3,
    blurPx: 0.6 + random() * 0.9,
    noise: 6 + random() * 10,
  };
}

/** `count` people of `country` from `seed`, each rendered clean and degraded. */
export async function renderCardSamples(
  country: IdCardCountry,
  count: number,
  seed: number,
): Promise<CardSample[]> {
  const random = mulberry32(seed);
  const samples: CardSample[] = [];
  for (let i = 0; i < count; i++) {
    const person = randomIdCardPerson(country, random);
    const cardSeed = Math.floor(random() * 2 ** 31);
    const back = (degrade?: IdCardDegradation) =>
      country === "TW" ? renderTaiwanIdCardBack({ person, seed: cardSeed, degrade }) : undefined;
    samples.push({
      person,
      condition: "clean",
      image: await renderIdCard({ ...person, seed: cardSeed }),
      back: await back(),
    });
    const degradation = randomDegradation(random);
    samples.push({
      person,
      condition: "degraded",
      image: await renderIdCard({ ...person, seed: cardSeed, degrade: degradation }),
      back: await back(country === "TW" ? randomDegradation(random) : undefined),
    });
  }
  return samples;
}

/**
 * Reads every sample, `concurrency` at a time (each tesseract run takes one core), the card's own
 * country tried first, as a deployment that knows its market would ask.
 */
export async function readCardSamples(
  reader: IdCardReader,
  samples: readonly CardSample[],
  concurrency = Math.min(2, availableParallelism()),
): Promise<CardOutcome[]> {
  const outcomes: CardOutcome[] = new Array(samples.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < samples.length) {
      const index = next++;
      const sample = samples[index] as CardSample;
      const countries: IdCardCountry[] =
        sample.person.country === "KR" ? ["KR", "TW"] : ["TW", "KR"];
      const started = performance.now();
      const reading = await reader.read(sample.image, { countries, back: sample.back });
      outcomes[index] = { ...sample, reading, seconds: (performance.now() - started) / 1000 };
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return outcomes;
}

export interface AccuracyRow {
  country: IdCardCountry;
  condition: CardCondition;
  cards: number;
  /** Shares (0-1) of cards whose field was read exactly. */
  idNumber: number;
  /** Share of cards read with a valid number that is not theirs: worse than none, it looks right. */
  wrongIdNumber: number;
  name: number;
  birthday: number;
  gender: number;
  address: number;
  meanSeconds: number;
  p95Seconds: number;
}

export function summarizeAccuracy(outcomes: readonly CardOutcome[]): AccuracyRow[] {
  const rows: AccuracyRow[] = [];
  for (const country of ["KR", "TW"] as const) {
    for (const condition of ["clean", "degraded"] as const) {
      const group = outcomes.filter(
        (outcome) => outcome.person.country === country && outcome.condition === condition,
      );
      if (group.length === 0) continue;
      const share = (field: "idNumber" | "name" | "birthday" | "gender" | "address") =>
        group.filter(
          (outcome) =>
            outcome.reading.available && outcome.reading.fields[field] === outcome.person[field],
        ).length / group.length;
      const seconds = group.map((outcome) => outcome.seconds).sort((a, b) => a - b);
      rows.push({
        country,
        condition,
        cards: group.length,
        idNumber: share("idNumber"),
        wrongIdNumber:
          group.filter(
            (outcome) =>
              outcome.reading.available &&
              outcome.reading.fields.idNumber !== null &&
              outcome.reading.fields.idNumber !== outcome.person.idNumber,
          ).length / group.length,
        name: share("name"),
        birthday: share("birthday"),
        gender: share("gender"),
        address: share("address"),
        meanSeconds: seconds.reduce((sum, value) => sum + value, 0) / seconds.length,
        p95Seconds: seconds[
          Math.min(seconds.length - 1, Math.ceil(seconds.length * 0.95) - 1)
        ] as number,
      });
    }
  }
  return rows;
}

/** How many cards with a back had their address read exactly (from the back: fronts carry none). */
export interface BackAddressRow {
  condition: CardCondition;
  cards: number;
  exact: number;
}

export function summarizeBackAddresses(outcomes: readonly CardOutcome[]): BackAddressRow[] {
  return (["clean", "degraded"] as const).flatMap((condition) => {
    const group = outcomes.filter(
      (outcome) => outcome.back !== undefined && outcome.condition === condition,
    );
    if (group.length === 0) return [];
    const exact = group.filter(
      (outcome) =>
        outcome.reading.available && outcome.reading.fields.address === outcome.person.address,
    ).length;
    return [{ condition, cards: group.length, exact }];
  });
}

/** One line: `TW back address read exactly: clean 19/20 (95.0 %), degraded 18/20 (90.0 %)`. */
export function formatBackAddresses(rows: readonly BackAddressRow[]): string {
  const parts = rows.map(
    (row) =>
      `${row.condition} ${row.exact}/${row.cards} (${((row.exact / row.cards) * 100).toFixed(1)} %)`,
  );
  return `TW back address read exactly: ${parts.join(", ")}`;
}

/** The rows as a Markdown table. */
export function formatAccuracyTable(rows: readonly AccuracyRow[]): string {
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  const header = [
    "| country | condition | cards | ID number | wrong ID number | name | birthday | gender | address | mean s/card | p95 s/card |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  const body = rows.map(
    (row) =>
      `| ${row.country} | ${row.condition} | ${row.cards} | ${percent(row.idNumber)} | ${percent(row.wrongIdNumber)} | ${percent(row.name)} | ${percent(row.birthday)} | ${percent(row.gender)} | ${percent(row.address)} | ${row.meanSeconds.toFixed(2)} | ${row.p95Seconds.toFixed(2)} |`,
  );
  return [...header, ...body].join("\n");
}
