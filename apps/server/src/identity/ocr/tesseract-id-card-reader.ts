import { parseIdNumber, sniffImageType } from "@chayong/domain";
import {
  defaultIdCardCountries,
  emptyIdCardFields,
  type IdCardCountry,
  type IdCardFields,
  type IdCardReader,
  type IdCardReading,
  type IdNumberSearch,
} from "./id-card-reader";
import { type GreyImage, locateIdNumber, ocrWordLines } from "./id-number-location";
import { hasKoreanLegacyCheckDigit, parseKoreanIdCardText } from "./korean-id-card-text";
import { runProgramLaunched } from "./launcher";
import {
  isWholeTaiwanAddress,
  parseTaiwanIdCardBackText,
  parseTaiwanIdCardText,
} from "./taiwan-id-card-text";

export interface TesseractIdCardReaderOptions {
  /** The tesseract executable; found on PATH by default. */
  command?: string;
  /** A run still going after this long is killed and the read fails. */
  timeoutMs?: number;
}

/** Why a read failed for a reason other than a missing engine (those answer `available: false`). */
export class IdCardOcrError extends Error {
  readonly kind: "unsupportedImage" | "timeout" | "engineFailed";

  constructor(kind: IdCardOcrError["kind"], message: string) {
    super(message);
    this.name = "IdCardOcrError";
    this.kind = kind;
  }
}

const languageOf: Readonly<Record<IdCardCountry, string>> = { KR: "kor", TW: "chi_tra" };
const parserOf: Readonly<Record<IdCardCountry, (text: string) => IdCardFields>> = {
  KR: parseKoreanIdCardText,
  TW: parseTaiwanIdCardText,
};

/** Marks a run that could not start because the executable is not there. */
const engineMissing = Symbol("engineMissing");

interface RunOutput {
  stdout: string;
  stderr: string;
}

/**
 * The passes a language gets, in turn until one reads a valid number (docs/identity.md, "Reading
 * ID cards (OCR)"). Page segmentation 4 (a column of lines of varying size: the card's layout)
 * read the most fields exactly; the LSTM models misread some clean cards' digits at one scale and
 * read them at 1.5×, and 6 (one uniform block) reads a few cards 4 misses. Only the scale changes:
 * no thresholding, which ruined degraded cards.
 */
const passes = [
  { pageSegmentation: "4", scale: 1 },
  { pageSegmentation: "4", scale: 1.5 },
  { pageSegmentation: "6", scale: 1 },
] as const;

/** Wider photos carry text large enough; enlarging them would only slow the pass down. */
const maxWidthToEnlarge = 2_000;

/**
 * The tesseract CLI as an `IdCardReader` (docs/identity.md, "Reading ID cards (OCR)"): a single
 * language a run (adding `eng` was slower and worse) and no preprocessing (a fixed threshold
 * ruined degraded cards); one thread a run, so parallel reads share the cores.
 */
export function createTesseractIdCardReader(
  options: TesseractIdCardReaderOptions = {},
): IdCardReader {
  const command = options.command ?? "tesseract";
  const timeoutMs = options.timeoutMs ?? 20_000;
  let installedLanguages: Promise<ReadonlySet<string> | typeof engineMissing> | null = null;

  async function run(
    args: readonly string[],
    input?: Uint8Array,
  ): Promise<RunOutput | typeof engineMissing> {
    const outcome = await runProgramLaunched({
      command,
      args,
      env: { ...process.env, OMP_THREAD_LIMIT: "1" },
      input: input ?? new Uint8Array(),
      timeoutMs,
    });
    if (outcome.kind === "timedOut") {
      throw new IdCardOcrError("timeout", `${command} took longer than ${timeoutMs} ms`);
    }
    if (outcome.kind === "notStarted") {
      if (outcome.code === "ENOENT") return engineMissing;
      throw new IdCardOcrError("engineFailed", `${command} could not start: ${outcome.message}`);
    }
    const decoder = new TextDecoder();
    const output = {
      stdout: decoder.decode(outcome.stdout),
      stderr: decoder.decode(outcome.stderr),
    };
    if (outcome.code === 0) return output;
    const detail = output.stderr.trim().split("\n").slice(-3).join(" | ");
    throw new IdCardOcrError(
      "engineFailed",
      `${command} ${args.join(" ")} failed (${outcome.signal ?? outcome.code}): ${detail}`,
    );
  }

  /** Asked once; a listing that failed is asked again next time. */
  function languages(): Promise<ReadonlySet<string> | typeof engineMissing> {
    installedLanguages ??= run(["--list-langs"]).then(
      (output) => {
        if (output === engineMissing) return engineMissing;
        // Tesseract 4 lists on stderr, 5 on stdout, after a "List of available languages" line.
        const listed = `${output.stdout}\n${output.stderr}`
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => /^[A-Za-z0-9_-]+$/.test(line));
        return new Set(listed);
      },
      (error: unknown) => {
        installedLanguages = null;
        throw error;
      },
    );
    return installedLanguages;
  }

  /** Why the engine cannot read `countries`, or null when it can. */
  async function unavailable(countries: readonly IdCardCountry[]): Promise<string | null> {
    const installed = await languages();
    if (installed === engineMissing) return `OCR engine not installed: ${command} was not found`;
    const missing = countries
      .map((country) => languageOf[country])
      .filter((language) => !installed.has(language));
    if (missing.length === 0) return null;
    const packages = missing.map((language) => `tesseract-ocr-${language.replace(/_/g, "-")}`);
    return `OCR language data not installed: ${missing.join(", ")} (Debian: ${packages.join(", ")})`;
  }

  function engineMissingReading(): IdCardReading {
    return { available: false, reason: `OCR engine not installed: ${command} was not found` };
  }

  /** The front, country by country and pass by pass (docs/identity.md, "Passes"). */
  async function readFront(
    image: Uint8Array,
    countries: readonly IdCardCountry[],
  ): Promise<IdCardReading> {
    const input = await tesseractReadable(image);
    let enlarged: Promise<Uint8Array | null> | null = null;
    let firstReading: IdCardFields | null = null;
    for (const country of countries) {
      let doubtfulReading: IdCardFields | null = null;
      for (const pass of passes) {
        if (pass.scale !== 1) enlarged ??= enlarge(input, pass.scale);
        const passInput = pass.scale === 1 ? input : await enlarged;
        if (passInput === null) continue;
        const output = await run(
          ["stdin", "stdout", "--psm", pass.pageSegmentation, "-l", languageOf[country]],
          passInput,
        );
        if (output === engineMissing) return engineMissingReading();
        const fields = parserOf[country](output.stdout);
        firstReading ??= fields;
        if (fields.idNumber === null) continue;
        // A Korean number without its old check digit is likelier misread than issued after
        // October 2020 (a borrower is an adult): the next passes may read it right.
        if (country === "KR" && !hasKoreanLegacyCheckDigit(fields.idNumber)) {
          doubtfulReading ??= fields;
          continue;
        }
        return { available: true, country, fields };
      }
      if (doubtfulReading) return { available: true, country, fields: doubtfulReading };
    }
    // No language found a valid number: what the first one read is still worth suggesting.
    return { available: true, country: null, fields: firstReading ?? emptyIdCardFields };
  }

  /**
   * A Taiwanese card's back, for the address: the same passes, in turn until one reads a whole
   * address (a city or county to a house number); else the first address read, else null.
   */
  async function readTaiwanBack(image: Uint8Array): Promise<string | null | typeof engineMissing> {
    const input = await tesseractReadable(image);
    let enlarged: Promise<Uint8Array | null> | null = null;
    let firstAddress: string | null = null;
    for (const pass of passes) {
      if (pass.scale !== 1) enlarged ??= enlarge(input, pass.scale);
      const passInput = pass.scale === 1 ? input : await enlarged;
      if (passInput === null) continue;
      const output = await run(
        ["stdin", "stdout", "--psm", pass.pageSegmentation, "-l", languageOf.TW],
        passInput,
      );
      if (output === engineMissing) return engineMissing;
      const address = parseTaiwanIdCardBackText(output.stdout);
      if (isWholeTaiwanAddress(address)) return address;
      firstAddress ??= address;
    }
    return firstAddress;
  }

  return {
    async read(image, readOptions = {}): Promise<IdCardReading> {
      const countries = readOptions.countries ?? defaultIdCardCountries;
      const reason = await unavailable(countries);
      if (reason !== null) return { available: false, reason };
      const reading = await readFront(image, countries);
      // A 國民身分證 prints the address on the back (docs/identity.md, "Reading ID cards (OCR)").
      if (
        !reading.available ||
        reading.country !== "TW" ||
        reading.fields.address !== null ||
        readOptions.back === undefined
      ) {
        return reading;
      }
      // The front's reading stands on its own: a back that cannot be read (not an image, a run
      // past its time-out) leaves only the address unread.
      const address = await readTaiwanBack(readOptions.back).catch((error: unknown) => {
        if (error instanceof IdCardOcrError) return null;
        throw error;
      });
      if (address === engineMissing) return engineMissingReading();
      return { ...reading, fields: { ...reading.fields, address } };
    },

    // The same passes as a reading, each answering word boxes (TSV), until one finds the number.
    async locate(image, idNumber): Promise<IdNumberSearch> {
      const country: IdCardCountry = parseIdNumber(idNumber)?.kind === "TW-ID" ? "TW" : "KR";
      const reason = await unavailable([country]);
      if (reason !== null) return { available: false, reason };
      const input = await tesseractReadable(image);
      let enlarged: Promise<Uint8Array | null> | null = null;
      const otherNumbers = new Set<string>();
      for (const pass of passes) {
        if (pass.scale !== 1) enlarged ??= enlarge(input, pass.scale);
        const passInput = pass.scale === 1 ? input : await enlarged;
        if (passInput === null) continue;
        const output = await run(
          ["stdin", "stdout", "--psm", pass.pageSegmentation, "-l", languageOf[country], "tsv"],
          passInput,
        );
        if (output === engineMissing) {
          return { available: false, reason: `OCR engine not installed: ${command} was not found` };
        }
        const found = locateIdNumber(ocrWordLines(output.stdout), idNumber, {
          scale: pass.scale,
          ink: await greyImage(passInput),
        });
        if (found.hidden.length > 0) return { available: true, ...found };
        for (const number of found.otherNumbers) otherNumbers.add(number);
      }
      return { available: true, hidden: [], otherNumbers: [...otherNumbers] };
    },
  };
}

/**
 * JPEG and PNG go in as they are. WebP is converted to PNG: whether tesseract reads it depends on
 * how its Leptonica was built.
 */
async function tesseractReadable(image: Uint8Array): Promise<Uint8Array> {
  const type = sniffImageType(image);
  if (type === "image/jpeg" || type === "image/png") return image;
  if (type === "image/webp") {
    const { default: sharp } = await import("sharp");
    return new Uint8Array(await sharp(image).png().toBuffer());
  }
  throw new IdCardOcrError("unsupportedImage", "not a JPEG, PNG or WebP image");
}

/** The image `scale` times larger (PNG), or null when it is already wide enough. */
async function enlarge(image: Uint8Array, scale: number): Promise<Uint8Array | null> {
  const { default: sharp } = await import("sharp");
  const { width } = await sharp(image).metadata();
  if (!width || width > maxWidthToEnlarge) return null;
  const resized = await sharp(image)
    .resize({ width: Math.round(width * scale) })
    .png()
    .toBuffer();
  return new Uint8Array(resized);
}

/** The image as one 8-bit grey channel, to measure printed characters in (id-number-location.ts). */
async function greyImage(image: Uint8Array): Promise<GreyImage> {
  const { default: sharp } = await import("sharp");
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}
