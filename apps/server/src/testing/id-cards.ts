import { existsSync } from "node:fs";
import { parseIdNumber } from "@chayong/domain";
import {
  type Canvas,
  createCanvas,
  GlobalFonts,
  loadImage,
  type SKRSContext2D,
} from "@napi-rs/canvas";
import type { IdCardCountry } from "../identity/ocr/id-card-reader";
import { koreanLegacyCheckDigit } from "../identity/ocr/korean-id-card-text";
import { mulberry32 } from "../seeded-random";

/** The kit's users draw cards and cases with the same generator. */
export { mulberry32 };

/**
 * Synthetic ID cards for the OCR tests, the OCR benchmark and the browser tests: roughly the
 * layout of a Korean 주민등록증's front and a Taiwanese 國民身分證's front and back, with a face
 * photo in the portrait box when one is given. As on real cards, the Taiwanese address is on the
 * back (with the parents, spouse, service and birthplace), the Korean one on the front. The people
 * are made up: a seeded generator draws names, valid ID numbers (docs/identity.md) and addresses
 * from small lists of real place words.
 */

export type IdCardGender = "male" | "female";

/** Who a card names, and what a perfect reading of it gives back. */
export interface IdCardPerson {
  country: IdCardCountry;
  /** Hangul (KR) or Chinese characters (TW), no spaces. */
  name: string;
  /** Printed after the Hangul name in parentheses on Korean cards, as real cards do: 홍길동(洪吉東). */
  nameHanja?: string;
  /** Canonical form: `900101-1234567` or `A123456789`. */
  idNumber: string;
  /** YYYY-MM-DD. */
  birthday: string;
  gender: IdCardGender;
  /** One line of words separated by single spaces (KR) or a run of characters (TW); wrapped when drawn. */
  address: string;
  /** Issue date, YYYY-MM-DD. */
  issued: string;
}

/** What a Taiwanese card's back prints besides the address: the distractors around it. */
export interface TaiwanCardBack {
  father: string;
  mother: string;
  /** Empty for the unmarried. */
  spouse: string;
  /** 役別: military service; empty for women. */
  service: string;
  /** 出生地: a city or county, sometimes after the old 臺灣省. */
  birthplace: string;
  /** The serial printed under the bar code. */
  serial: string;
}

/** What makes a photographed card hard to read. */
export interface IdCardDegradation {
  /** Rotation of the card on the "table", in degrees (positive clockwise). */
  rotationDeg: number;
  /** Gaussian blur radius in pixels. */
  blurPx: number;
  /** Standard deviation of the per-pixel noise, in grey levels (0-255). */
  noise: number;
}

export interface IdCardDrawing extends Omit<IdCardPerson, "issued"> {
  issued?: string;
  /** A face photo (JPEG / PNG / WebP bytes), drawn cover-fit into the portrait box. */
  portrait?: Uint8Array;
  degrade?: IdCardDegradation;
  /** Seeds the background pattern, the noise and the default issue date. */
  seed: number;
}

export const idCardWidth = 856;
export const idCardHeight = 540;

const fontPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
const boldFontPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc";
const fontFamily = "NotoCJK";
let fontsRegistered = false;

function registerFonts(): void {
  if (fontsRegistered) return;
  if (!existsSync(fontPath)) {
    throw new Error(`ID card renderer: no CJK font at ${fontPath} (install fonts-noto-cjk)`);
  }
  GlobalFonts.registerFromPath(fontPath, fontFamily);
  if (existsSync(boldFontPath)) GlobalFonts.registerFromPath(boldFontPath, fontFamily);
  fontsRegistered = true;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function integerBetween(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

const pad2 = (value: number): string => String(value).padStart(2, "0");

function randomDate(random: () => number, fromYear: number, toYear: number): string {
  const year = integerBetween(random, fromYear, toYear);
  const month = integerBetween(random, 1, 12);
  const day = integerBetween(random, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

// Surnames and given-name syllables with the hanja printed beside them.
const koreanSurnames: readonly (readonly [string, string])[] = [
  ["김", "金"],
  ["이", "李"],
  ["박", "朴"],
  ["최", "崔"],
  ["정", "鄭"],
  ["강", "姜"],
  ["조", "趙"],
  ["윤", "尹"],
  ["장", "張"],
  ["임", "林"],
  ["한", "韓"],
  ["오", "吳"],
  ["서", "徐"],
  ["신", "申"],
  ["권", "權"],
  ["황", "黃"],
  ["안", "安"],
  ["송", "宋"],
  ["류", "柳"],
  ["홍", "洪"],
];
const koreanGivenSyllables: readonly (readonly [string, string])[] = [
  ["민", "敏"],
  ["서", "瑞"],
  ["준", "俊"],
  ["지", "智"],
  ["현", "賢"],
  ["우", "宇"],
  ["예", "藝"],
  ["도", "道"],
  ["하", "夏"],
  ["은", "恩"],
  ["수", "秀"],
  ["영", "英"],
  ["진", "眞"],
  ["호", "浩"],
  ["성", "成"],
  ["연", "姸"],
  ["재", "在"],
  ["태", "泰"],
  ["경", "京"],
  ["희", "熙"],
  ["동", "東"],
  ["혜", "惠"],
];
const koreanPlaces: readonly (readonly [string, readonly string[]])[] = [
  ["서울특별시", ["종로구", "강남구", "마포구", "송파구", "관악구", "서초구"]],
  ["부산광역시", ["해운대구", "부산진구", "동래구", "사하구"]],
  ["대구광역시", ["수성구", "달서구", "중구"]],
  ["인천광역시", ["남동구", "연수구", "부평구"]],
  ["광주광역시", ["북구", "서구", "광산구"]],
  ["대전광역시", ["유성구", "서구", "대덕구"]],
  ["경기도 수원시", ["영통구", "팔달구", "장안구"]],
  ["경기도 성남시", ["분당구", "수정구", "중원구"]],
];
const koreanRoads = [
  "세종대로",
  "테헤란로",
  "중앙로",
  "월드컵로",
  "올림픽로",
  "해운대로",
  "동대구로",
  "대학로",
  "번영로",
  "시청로",
  "문화로",
  "공원로",
];

const chineseSurnames = [
  "陳",
  "林",
  "黃",
  "張",
  "李",
  "王",
  "吳",
  "劉",
  "蔡",
  "楊",
  "許",
  "鄭",
  "謝",
  "郭",
  "洪",
  "曾",
  "邱",
  "廖",
  "賴",
  "周",
];
const chineseGivenCharacters = [
  "怡",
  "君",
  "志",
  "明",
  "雅",
  "婷",
  "家",
  "豪",
  "俊",
  "宏",
  "淑",
  "芬",
  "美",
  "玲",
  "建",
  "偉",
  "宗",
  "翰",
  "佳",
  "蓉",
  "欣",
  "穎",
  "冠",
  "廷",
  "承",
  "恩",
  "宇",
  "軒",
];
const taiwanPlaces: readonly (readonly [string, readonly string[]])[] = [
  ["臺北市", ["中正區", "大安區", "信義區", "士林區", "內湖區"]],
  ["新北市", ["板橋區", "新店區", "中和區", "三重區"]],
  ["臺中市", ["西屯區", "北區", "南屯區"]],
  ["臺南市", ["東區", "安平區", "永康區"]],
  ["高雄市", ["前鎮區", "三民區", "左營區"]],
  ["桃園市", ["中壢區", "桃園區"]],
];
const taiwanRoads = [
  "忠孝東路四段",
  "中山北路二段",
  "民生東路三段",
  "復興南路一段",
  "重慶南路一段",
  "中華路",
  "民族路",
  "文化路",
  "中正路",
  "建國路",
  "和平東路二段",
  "光復路",
];
const taiwanRegionLetters = "ABCDEFGHJKMNPQTUVWXZ";
/**
 * The check digit that makes `letter + sexDigit + seven digits` a valid Taiwan ID: the one the
 * domain's own rule accepts (docs/identity.md), so the cards never carry numbers it refuses.
 */
function taiwanCheckDigit(letter: string, digits: string): number {
  const digit = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find(
    (candidate) => parseIdNumber(`${letter}${digits}${candidate}`) !== null,
  );
  if (digit === undefined) throw new Error(`no check digit makes ${letter}${digits} valid`);
  return digit;
}

/** A made-up holder with a valid ID number that agrees with the birthday and the gender. */
export function randomIdCardPerson(country: IdCardCountry, random: () => number): IdCardPerson {
  const gender: IdCardGender = random() < 0.5 ? "male" : "female";
  const birthday = randomDate(random, 1950, 2005);
  const year = Number(birthday.slice(0, 4));
  const issued = randomDate(random, Math.max(year + 18, 2005), 2024);
  if (country === "KR") {
    const [surname, surnameHanja] = pick(random, koreanSurnames);
    const given = [pick(random, koreanGivenSyllables), pick(random, koreanGivenSyllables)];
    const centuryDigit = (year >= 2000 ? 3 : 1) + (gender === "male" ? 0 : 1);
    const front = `${birthday.slice(2, 4)}${birthday.slice(5, 7)}${birthday.slice(8, 10)}`;
    const middle = `${centuryDigit}${Array.from({ length: 5 }, () => integerBetween(random, 0, 9)).join("")}`;
    const [city, districts] = pick(random, koreanPlaces);
    const road = `${pick(random, koreanRoads)} ${integerBetween(random, 1, 399)}`;
    const building =
      random() < 0.5
        ? ` ${integerBetween(random, 101, 115)}동 ${integerBetween(random, 1, 25)}0${integerBetween(random, 1, 4)}호`
        : "";
    return {
      country,
      name: `${surname}${given.map(([hangul]) => hangul).join("")}`,
      nameHanja: `${surnameHanja}${given.map(([, hanja]) => hanja).join("")}`,
      idNumber: `${front}-${middle}${koreanLegacyCheckDigit(front + middle)}`,
      birthday,
      gender,
      address: `${city} ${pick(random, districts)} ${road}${building}`,
      issued,
    };
  }
  const letter = pick(random, taiwanRegionLetters.split(""));
  const digits = `${gender === "male" ? 1 : 2}${Array.from({ length: 7 }, () => integerBetween(random, 0, 9)).join("")}`;
  const [city, districts] = pick(random, taiwanPlaces);
  const floor = random() < 0.5 ? `${integerBetween(random, 2, 15)}樓` : "";
  return {
    country,
    name: `${pick(random, chineseSurnames)}${pick(random, chineseGivenCharacters)}${pick(random, chineseGivenCharacters)}`,
    idNumber: `${letter}${digits}${taiwanCheckDigit(letter, digits)}`,
    birthday,
    gender,
    address: `${city}${pick(random, districts)}${pick(random, taiwanRoads)}${integerBetween(random, 1, 300)}號${floor}`,
    issued,
  };
}

const militaryServices = ["常備役", "替代役", "補充兵", "免役", "國民兵"];
const birthplaces = [
  "臺灣省臺北市",
  "臺北市",
  "新北市",
  "臺灣省臺中縣",
  "臺中市",
  "臺南市",
  "高雄市",
  "臺灣省彰化縣",
  "臺灣省屏東縣",
  "福建省金門縣",
];

/** The back of a Taiwanese holder's card: parents, spouse and so on, drawn from `random`. */
export function randomTaiwanCardBack(
  person: Pick<IdCardPerson, "name" | "gender">,
  random: () => number,
): TaiwanCardBack {
  const surname = person.name.slice(0, 1);
  const given = () =>
    `${pick(random, chineseGivenCharacters)}${pick(random, chineseGivenCharacters)}`;
  return {
    father: `${surname}${given()}`,
    mother: `${pick(random, chineseSurnames)}${given()}`,
    spouse: random() < 0.5 ? `${pick(random, chineseSurnames)}${given()}` : "",
    service: person.gender === "male" ? pick(random, militaryServices) : "",
    birthplace: pick(random, birthplaces),
    serial: Array.from({ length: 10 }, () => integerBetween(random, 0, 9)).join(""),
  };
}

/** 民國 dates as Taiwanese cards print them: `民國79年1月1日` (year - 1911). */
export function rocDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return `民國${year - 1911}年${month}月${day}日`;
}

/** Korean cards print the issue date as `2020. 1. 1.`. */
function koreanDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return `${year}. ${month}. ${day}.`;
}

/**
 * The front of an ID card as PNG bytes, about 856×540 (the ID-1 aspect). With `degrade` the card
 * lies rotated on a darker "table" and is blurred and noised, as a phone photo would be.
 */
export async function renderIdCard(drawing: IdCardDrawing): Promise<Uint8Array> {
  registerFonts();
  const random = mulberry32(drawing.seed);
  const card = createCanvas(idCardWidth, idCardHeight);
  const context = card.getContext("2d");
  // The CJK font holds every region's glyph forms; the language picks the one the country prints.
  context.lang = drawing.country === "KR" ? "ko-KR" : "zh-TW";
  drawBackground(context, drawing.country, random);
  const portraitBox =
    drawing.country === "KR"
      ? { x: 612, y: 120, width: 196, height: 252 }
      : { x: 606, y: 110, width: 200, height: 256 };
  await drawPortrait(context, portraitBox, drawing.portrait);
  const issued = drawing.issued ?? randomDate(random, 2010, 2024);
  if (drawing.country === "KR") drawKoreanFront(context, drawing, issued);
  else drawTaiwanFront(context, drawing, issued);
  const output = drawing.degrade ? degrade(card, drawing.degrade, random) : card;
  return new Uint8Array(output.toBuffer("image/png"));
}

function font(sizePx: number, bold = false): string {
  return `${bold ? "bold " : ""}${sizePx}px ${fontFamily}`;
}

function drawBackground(
  context: SKRSContext2D,
  country: IdCardCountry,
  random: () => number,
): void {
  const gradient = context.createLinearGradient(0, 0, idCardWidth, idCardHeight);
  if (country === "KR") {
    gradient.addColorStop(0, "#eef3fa");
    gradient.addColorStop(1, "#f7eef2");
  } else {
    gradient.addColorStop(0, "#eef7f0");
    gradient.addColorStop(1, "#eaf1f8");
  }
  context.fillStyle = gradient;
  context.fillRect(0, 0, idCardWidth, idCardHeight);
  // A faint security pattern (real cards have guilloche lines under the text).
  context.strokeStyle = country === "KR" ? "rgba(120,150,200,0.18)" : "rgba(110,170,130,0.18)";
  context.lineWidth = 1;
  const phase = random() * Math.PI * 2;
  for (let line = 0; line < 14; line++) {
    context.beginPath();
    for (let x = 0; x <= idCardWidth; x += 8) {
      const y = 30 + line * 38 + Math.sin(x / 45 + phase + line) * 12;
      if (x === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    }
    context.stroke();
  }
  context.strokeStyle = "rgba(90,90,110,0.35)";
  context.lineWidth = 2;
  context.strokeRect(6, 6, idCardWidth - 12, idCardHeight - 12);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function drawPortrait(
  context: SKRSContext2D,
  box: Box,
  portrait: Uint8Array | undefined,
): Promise<void> {
  context.fillStyle = "#dfe3e8";
  context.fillRect(box.x, box.y, box.width, box.height);
  if (portrait) {
    const image = await loadImage(portrait);
    // Cover-fit: fill the box, keep the aspect, crop the overflow around the centre.
    const scale = Math.max(box.width / image.width, box.height / image.height);
    const sourceWidth = box.width / scale;
    const sourceHeight = box.height / scale;
    context.drawImage(
      image,
      (image.width - sourceWidth) / 2,
      (image.height - sourceHeight) / 2,
      sourceWidth,
      sourceHeight,
      box.x,
      box.y,
      box.width,
      box.height,
    );
  } else {
    // A plain silhouette: head and shoulders.
    context.fillStyle = "#a9b0ba";
    context.beginPath();
    context.arc(box.x + box.width / 2, box.y + box.height * 0.38, box.width * 0.22, 0, Math.PI * 2);
    context.fill();
    context.beginPath();
    context.ellipse(
      box.x + box.width / 2,
      box.y + box.height,
      box.width * 0.42,
      box.height * 0.3,
      0,
      Math.PI,
      0,
    );
    context.fill();
  }
  context.strokeStyle = "#8a919b";
  context.lineWidth = 1;
  context.strokeRect(box.x, box.y, box.width, box.height);
}

/** Greedy wrap on spaces (KR) or between characters (TW) to fit `maxWidth`. */
function wrapText(
  context: SKRSContext2D,
  text: string,
  maxWidth: number,
  bySpaces: boolean,
): string[] {
  const units = bySpaces ? text.split(" ") : Array.from(text);
  const joiner = bySpaces ? " " : "";
  const lines: string[] = [];
  let current = "";
  for (const unit of units) {
    const candidate = current ? `${current}${joiner}${unit}` : unit;
    if (current && context.measureText(candidate).width > maxWidth) {
      lines.push(current);
      current = unit;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

const ink = "#1d1f24";

function drawKoreanFront(context: SKRSContext2D, drawing: IdCardDrawing, issued: string): void {
  context.fillStyle = ink;
  context.textBaseline = "alphabetic";
  context.font = font(46, true);
  context.letterSpacing = "10px";
  context.fillText("주민등록증", 52, 88);
  context.letterSpacing = "0px";
  context.font = font(36, true);
  const name = drawing.nameHanja ? `${drawing.name}(${drawing.nameHanja})` : drawing.name;
  context.fillText(name, 56, 172);
  context.font = font(36);
  context.fillText(drawing.idNumber, 56, 236);
  context.font = font(25);
  const addressLines = wrapText(context, drawing.address, 520, true);
  addressLines.forEach((line, i) => {
    context.fillText(line, 56, 300 + i * 36);
  });
  context.font = font(24);
  context.fillText(koreanDate(issued), 330, 446);
  context.font = font(27, true);
  const issuer = drawing.address.split(" ").slice(0, 2).join(" ");
  context.fillText(`${issuer}${issuer.endsWith("구") ? "청장" : "장"}`, 260, 490);
}

function drawTaiwanFront(context: SKRSContext2D, drawing: IdCardDrawing, issued: string): void {
  context.fillStyle = ink;
  context.textBaseline = "alphabetic";
  context.font = font(42, true);
  context.letterSpacing = "4px";
  context.fillText("中華民國國民身分證", 48, 80);
  context.letterSpacing = "0px";
  const label = (text: string, y: number) => {
    context.font = font(22);
    context.fillText(text, 50, y);
  };
  label("姓名", 160);
  context.font = font(40, true);
  context.letterSpacing = "6px";
  context.fillText(drawing.name, 150, 164);
  context.letterSpacing = "0px";
  label("出生年月日", 226);
  context.font = font(28);
  context.fillText(rocDate(drawing.birthday), 180, 228);
  label("性別", 284);
  context.font = font(28);
  context.fillText(drawing.gender === "male" ? "男" : "女", 150, 286);
  label("發證日期", 342);
  context.font = font(24);
  context.fillText(`${rocDate(issued)} 換發`, 160, 344);
  label("統一編號", 416);
  context.font = font(34, true);
  context.letterSpacing = "2px";
  context.fillText(drawing.idNumber, 160, 420);
  context.letterSpacing = "0px";
  // The address is on the back (renderTaiwanIdCardBack), as on a real card.
}

export interface TaiwanIdCardBackDrawing {
  person: Pick<IdCardPerson, "name" | "gender" | "address">;
  /** Drawn from the seed when not given. */
  back?: TaiwanCardBack;
  degrade?: IdCardDegradation;
  /** Seeds the background pattern, the noise and the back's people. */
  seed: number;
}

/**
 * The back of a Taiwanese 國民身分證 as PNG bytes, 856×540: 父 and 母, 配偶 and 役別, 出生地, then
 * 住址 with the address wrapped over two or three lines (a narrow column, as on real cards, with
 * the space for later address stickers beside it), a bar code and its serial at the bottom.
 */
export async function renderTaiwanIdCardBack(
  drawing: TaiwanIdCardBackDrawing,
): Promise<Uint8Array> {
  registerFonts();
  const random = mulberry32(drawing.seed);
  const card = createCanvas(idCardWidth, idCardHeight);
  const context = card.getContext("2d");
  context.lang = "zh-TW";
  drawBackground(context, "TW", random);
  const back = drawing.back ?? randomTaiwanCardBack(drawing.person, random);
  context.fillStyle = ink;
  context.textBaseline = "alphabetic";
  const labelled = (label: string, value: string, x: number, y: number, valueX: number) => {
    context.font = font(22);
    context.fillText(label, x, y);
    context.font = font(28);
    context.fillText(value, valueX, y + 2);
  };
  labelled("父", back.father, 50, 70, 96);
  labelled("母", back.mother, 330, 70, 376);
  labelled("配偶", back.spouse, 50, 130, 120);
  labelled("役別", back.service, 330, 130, 400);
  labelled("出生地", back.birthplace, 50, 190, 142);
  context.font = font(22);
  context.fillText("住址", 50, 250);
  context.font = font(28);
  wrapText(context, drawing.person.address, 380, false).forEach((line, i) => {
    context.fillText(line, 120, 252 + i * 40);
  });
  // The boxes for later addresses, empty.
  context.strokeStyle = "rgba(90,90,110,0.35)";
  context.lineWidth = 1;
  context.strokeRect(540, 220, 270, 150);
  drawBarcode(context, back.serial, random);
  const output = drawing.degrade ? degrade(card, drawing.degrade, random) : card;
  return new Uint8Array(output.toBuffer("image/png"));
}

/** A one-dimensional bar code (not a decodable one) with its serial printed under it. */
function drawBarcode(context: SKRSContext2D, serial: string, random: () => number): void {
  context.fillStyle = ink;
  let x = 60;
  while (x < 420) {
    const width = 1 + Math.floor(random() * 4);
    context.fillRect(x, 400, width, 70);
    x += width + 1 + Math.floor(random() * 4);
  }
  context.font = font(20);
  context.fillText(serial, 160, 500);
}

function degrade(card: Canvas, degradation: IdCardDegradation, random: () => number): Canvas {
  const output = createCanvas(idCardWidth, idCardHeight);
  const context = output.getContext("2d");
  context.fillStyle = "#5b5750";
  context.fillRect(0, 0, idCardWidth, idCardHeight);
  context.save();
  context.translate(idCardWidth / 2, idCardHeight / 2);
  context.rotate((degradation.rotationDeg * Math.PI) / 180);
  context.scale(0.94, 0.94);
  if (degradation.blurPx > 0) context.filter = `blur(${degradation.blurPx}px)`;
  context.drawImage(card, -idCardWidth / 2, -idCardHeight / 2);
  context.restore();
  if (degradation.noise > 0) {
    const image = context.getImageData(0, 0, idCardWidth, idCardHeight);
    const pixels = image.data;
    // Normal deviates (Box-Muller) drawn once into a table, then one picked per pixel and shared
    // by the three channels (sensor luminance noise): a per-pixel Box-Muller doubles render time.
    const deviates = Float32Array.from({ length: 4096 }, () => {
      const radius = Math.sqrt(-2 * Math.log(random() || Number.MIN_VALUE));
      return radius * Math.cos(2 * Math.PI * random()) * degradation.noise;
    });
    for (let i = 0; i < pixels.length; i += 4) {
      const deviate = deviates[(random() * deviates.length) | 0] as number;
      // A clamped array: out-of-range values clamp to 0-255.
      pixels[i] = (pixels[i] as number) + deviate;
      pixels[i + 1] = (pixels[i + 1] as number) + deviate;
      pixels[i + 2] = (pixels[i + 2] as number) + deviate;
    }
    context.putImageData(image, 0, 0);
  }
  return output;
}
