// The ID-card OCR benchmark: OCR_CARDS synthetic cards per country (src/testing/id-cards.ts),
// each clean and degraded (tilted up to 3°, blurred, noisy), read by the tesseract reader, and
// per country and condition the share of each field read exactly and the seconds per card. A
// Taiwanese card's address is on its back (rendered in the same condition and read with the
// front), so the TW address column is the back's; a line after the table gives it as counts.
//
//   pnpm --filter @chayong/server bench:ocr
//   OCR_CARDS=200 OCR_SEED=7 OCR_CONCURRENCY=2 pnpm --filter @chayong/server bench:ocr
//
// Needs tesseract with the kor and chi_tra data and the Noto CJK fonts (docs/identity.md,
// "Reading ID cards (OCR)"). The table goes to stdout (Markdown), progress to stderr; with
// OCR_SHOW_MISSES=1 every field read wrong goes to stderr too, to see what a parser misses.
import {
  type CardOutcome,
  formatAccuracyTable,
  formatBackAddresses,
  readCardSamples,
  renderCardSamples,
  summarizeAccuracy,
  summarizeBackAddresses,
} from "../src/identity/ocr/id-card-accuracy";
import { createTesseractIdCardReader } from "../src/identity/ocr/tesseract-id-card-reader";

const env = process.env;
const cards = Number(env.OCR_CARDS ?? 50);
const seed = Number(env.OCR_SEED ?? 20_240_601);
const concurrency = Number(env.OCR_CONCURRENCY ?? 2);
if (!(Number.isInteger(cards) && cards > 0))
  throw new Error("OCR_CARDS must be a positive integer");
if (!(Number.isInteger(concurrency) && concurrency > 0))
  throw new Error("OCR_CONCURRENCY must be a positive integer");

const reader = createTesseractIdCardReader();
const started = performance.now();
const outcomes: CardOutcome[] = [];
for (const country of ["KR", "TW"] as const) {
  process.stderr.write(`${country}: rendering ${cards} cards, clean and degraded…\n`);
  const samples = await renderCardSamples(country, cards, seed + (country === "KR" ? 0 : 1));
  process.stderr.write(`${country}: reading ${samples.length} images, ${concurrency} at a time…\n`);
  outcomes.push(...(await readCardSamples(reader, samples, concurrency)));
}

const unavailable = outcomes.find((outcome) => !outcome.reading.available);
if (unavailable && !unavailable.reading.available) {
  throw new Error(`The reader is unavailable: ${unavailable.reading.reason}`);
}

if (env.OCR_SHOW_MISSES === "1") {
  for (const outcome of outcomes) {
    if (!outcome.reading.available) continue;
    const read = outcome.reading.fields;
    for (const field of ["idNumber", "name", "birthday", "gender", "address"] as const) {
      if (read[field] !== outcome.person[field]) {
        process.stderr.write(
          `${outcome.person.country} ${outcome.condition} ${field}: expected ${outcome.person[field]}, read ${read[field]}\n`,
        );
      }
    }
  }
}

console.info(
  `ID-card OCR: ${cards} cards per country (seed ${seed}), tesseract passes psm 4, psm 4 at 1.5×, psm 6; own country first, ${concurrency} reads at a time\n`,
);
console.info(formatAccuracyTable(summarizeAccuracy(outcomes)));
console.info(`\n${formatBackAddresses(summarizeBackAddresses(outcomes))}`);
console.info(
  `\nTotal: ${((performance.now() - started) / 1000).toFixed(1)} s (rendering included)`,
);
