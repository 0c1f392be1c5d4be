import { describe, expect, it } from "vitest";
import {
  isWholeTaiwanAddress,
  parseTaiwanIdCardBackText,
  parseTaiwanIdCardText,
} from "./taiwan-id-card-text";

// OCR outputs as tesseract (chi_tra, --psm 6) gives them for Taiwanese cards, misreads included.
describe("parseTaiwanIdCardText", () => {
  it("reads a clean card: the 民國 birthday + 1911, the gender from the number", () => {
    const text = [
      "中華民國國民身分證",
      "姓名 王小明",
      "出生年月日 民國79年1月1日",
      "性別 男",
      "發證日期 民國100年3月1日 換發",
      "統一編號 A123456789",
      "住址 臺北市中正區重慶南路一段122號",
    ].join("\n");
    expect(parseTaiwanIdCardText(text)).toEqual({
      name: "王小明",
      idNumber: "A123456789",
      gender: "male",
      birthday: "1990-01-01",
      address: "臺北市中正區重慶南路一段122號",
    });
  });

  it("closes up spaces between characters and ignores quotes, labels and specks", () => {
    const text = [
      "中華民國國民身分論",
      "姓名      張 宇 恩                                         全人和",
      "出生年月日_民國73年7月30日",
      "性別” 女                     昌交",
      "發尼日期民國105年5月16日 換發",
      "統一紡勞 _A226061104",
      "住址”臺南市東區 民族路 78 號3樓",
    ].join("\n");
    expect(parseTaiwanIdCardText(text)).toEqual({
      name: "張宇恩",
      idNumber: "A226061104",
      gender: "female",
      birthday: "1984-07-30",
      address: "臺南市東區民族路78號3樓",
    });
  });

  it("maps a first letter read as a digit back (I / O as 1 / 0) when the check digit agrees", () => {
    // I = 34 and O = 35 (docs/identity.md): valid numbers that OCR starts with 1 and 0.
    expect(parseTaiwanIdCardText("統一編號 1100000003").idNumber).toBe("I100000003");
    expect(parseTaiwanIdCardText("統一編號 0100000004").idNumber).toBe("O100000004");
  });

  it("maps letters read for digits back and keeps only a number whose check digit passes", () => {
    expect(parseTaiwanIdCardText("統一編號 A1234S6789").idNumber).toBe("A123456789");
    expect(parseTaiwanIdCardText("統一編號 AI23456789").idNumber).toBe("A123456789");
    expect(parseTaiwanIdCardText("統一編號 A123456788").idNumber).toBeNull();
  });

  it("finds the number inside a longer run and with spaces the engine put in", () => {
    expect(parseTaiwanIdCardText("統一編號_C189014472").idNumber).toBe("C189014472");
    expect(parseTaiwanIdCardText("統一編號 C 1890 14472").idNumber).toBe("C189014472");
  });

  it("takes the name from a misread label: the last three characters of a long run", () => {
    const lines = (nameLine: string) =>
      ["中華民國國民身分證", nameLine, "出生年月日 民國68年10月3日", "統一編號 U143923484"].join(
        "\n",
      );
    expect(parseTaiwanIdCardText(lines("媽名洪冠建")).name).toBe("洪冠建");
    expect(parseTaiwanIdCardText(lines("ws 和鄭美宏")).name).toBe("鄭美宏");
    expect(parseTaiwanIdCardText(lines("喲   慶婷偉                 ae")).name).toBe("慶婷偉");
    expect(parseTaiwanIdCardText(lines("和名林婷美                遇")).name).toBe("林婷美");
    expect(parseTaiwanIdCardText(lines("姓名 歐陽娜娜")).name).toBe("歐陽娜娜");
  });

  it("looks above the birth date past specks for the name, and no higher than the title", () => {
    const text = [
      "中華民國國民身分證",
      "wa 許廷偉                 了",
      "ee",
      "出生年月日 民國75年10月30日",
    ].join("\n");
    expect(parseTaiwanIdCardText(text).name).toBe("許廷偉");
    expect(parseTaiwanIdCardText("中華民國國民身分證\n出生年月日 民國69年9月27日").name).toBeNull();
  });

  it("reads the birthday from its line, not from the issue date, and refuses impossible dates", () => {
    const text = "中華民國國民身分證\n發證日期 民國100年3月1日 換發\n出生年月日 民國79年2月30日";
    expect(parseTaiwanIdCardText(text).birthday).toBeNull();
    expect(parseTaiwanIdCardText("出生年月日 民國88年4月10曰").birthday).toBe("1999-04-10");
  });

  it("falls back to the printed 性別 when no number was read, and to the line under the number for the address", () => {
    const text = ["性別 女", "統一編號 A12345678", "住葵臺中市西屯區建國路93號15樓"].join("\n");
    expect(parseTaiwanIdCardText(text)).toMatchObject({ idNumber: null, gender: "female" });
    const numbered = ["統一編號 A123456789", "住葵臺中市西屯區建國路93號15樓"].join("\n");
    expect(parseTaiwanIdCardText(numbered).address).toBe("臺中市西屯區建國路93號15樓");
  });

  it("cuts what a misread 住址 left before the city or county", () => {
    const card = (addressLine: string) => `統一編號 A123456789\n${addressLine}`;
    expect(parseTaiwanIdCardText(card("佳址臺南市安平區忠孝東路四段233號2樓")).address).toBe(
      "臺南市安平區忠孝東路四段233號2樓",
    );
    expect(parseTaiwanIdCardText(card("佳薄_臺北市大安區文化路247號11樓")).address).toBe(
      "臺北市大安區文化路247號11樓",
    );
    expect(parseTaiwanIdCardText(card("佳租 台中市 西屯區 建國路 93 號")).address).toBe(
      "台中市西屯區建國路93號",
    );
  });

  it("reads nothing from a Korean card", () => {
    const fields = parseTaiwanIdCardText(
      "주민등록증\n홍길동(洪吉東)\n900101-1234567\n서울특별시 종로구 세종대로 209",
    );
    expect(fields.idNumber).toBeNull();
  });
});

// The back of a 國民身分證 (docs/identity.md, "Reading ID cards (OCR)"): the address under 父, 母,
// 配偶, 役別 and 出生地, wrapped over a narrow column, a bar code and its serial below. The
// samples marked "tesseract" are chi_tra's output for cards of src/testing/id-cards.ts.
describe("parseTaiwanIdCardBackText", () => {
  it("reads the address after 住址 on a clean back, not the birthplace above it", () => {
    const text = [
      "父 王大明 母 李美華",
      "配偶 陳小芳 役別 常備役",
      "出生地 臺灣省臺北市",
      "住址 臺北市中正區重慶南路一段",
      "122號3樓",
      "0123456789",
    ].join("\n");
    expect(parseTaiwanIdCardBackText(text)).toBe("臺北市中正區重慶南路一段122號3樓");
  });

  it("joins a house number or a floor wrapped onto the next line (tesseract, psm 4)", () => {
    // Clean: the number split by the wrap.
    const clean = [
      "父 楊怡家   黃玲偉",
      "",
      "配偶                      役別_免役",
      "",
      "出生地[臺中市",
      "",
      "住址 新北市三重區重慶南路一段23",
      "3號12樓",
      "",
      "5209476865",
    ].join("\n");
    expect(parseTaiwanIdCardBackText(clean)).toBe("新北市三重區重慶南路一段233號12樓");
    // Degraded: the floor alone on its line, a blank line between, bar-code specks below.
    const degraded = [
      "父 曾怡奸     生 週軒豪",
      "",
      "配信        役別",
      "",
      "出生地 臺灣省彰化縣",
      "",
      "住址 高雄市前鎮區文化路298號10",
      "",
      "樓",
      "",
      "喇噴喇嘻",
      "",
      "4944142140",
    ].join("\n");
    expect(parseTaiwanIdCardBackText(degraded)).toBe("高雄市前鎮區文化路298號10樓");
  });

  it("stops at the house number: bar-code specks read with a 號 are not the address (tesseract, psm 6)", () => {
    const text = [
      "父 鄭怡佳 李偉君",
      "配偶 賴軒婷     役別",
      "出生地[福建省金門縣",
      "住址”臺南市安平區和平東路二段16",
      "6號",
      "噴咱咽號",
      "3004764419",
    ].join("\n");
    expect(parseTaiwanIdCardBackText(text)).toBe("臺南市安平區和平東路二段166號");
  });

  it("reads a label misread and a distractor line read after the address (tesseract, psm 4)", () => {
    const text = [
      "父 蔡宏家      母 林家建",
      "",
      "全偶.周翰殼     役別 免役",
      "",
      "出生地”臺灣省臺中縣",
      "",
      "住址 新北市三重區中正路81號15樓",
      "",
      "役別。免役",
      "呈另嘻嘆",
    ].join("\n");
    expect(parseTaiwanIdCardBackText(text)).toBe("新北市三重區中正路81號15樓");
  });

  it("finds the address by its city when 住址 was misread, never the birthplace's city", () => {
    const text = [
      "父 王大明 母 李美華",
      "出生地 臺北市",
      "佳扯 台中市西屯區建國路93號",
      "15樓",
    ].join("\n");
    expect(parseTaiwanIdCardBackText(text)).toBe("台中市西屯區建國路93號15樓");
    // A birthplace whose label was misread has no house number: not taken for the address.
    expect(parseTaiwanIdCardBackText("出王地 臺北市\n0123456789")).toBeNull();
  });

  it("cuts what lies past a wide gap: the box for later addresses", () => {
    const text = "住址     臺中市北區中華路12號             |  lo\n7樓";
    expect(parseTaiwanIdCardBackText(text)).toBe("臺中市北區中華路12號7樓");
  });

  it("reads nothing from a blank back or a front", () => {
    expect(parseTaiwanIdCardBackText("IHIIHHIHIMI")).toBeNull();
    expect(parseTaiwanIdCardBackText("")).toBeNull();
    expect(
      parseTaiwanIdCardBackText("中華民國國民身分證\n姓名 王小明\n統一編號 A123456789"),
    ).toBeNull();
  });

  it("tells a whole address (a city or county to a house number) from a partial reading", () => {
    expect(isWholeTaiwanAddress("臺北市中正區重慶南路一段122號")).toBe(true);
    expect(isWholeTaiwanAddress("新北市三重區中正路81號15樓")).toBe(true);
    expect(isWholeTaiwanAddress("和人中Re1號")).toBe(false);
    expect(isWholeTaiwanAddress("臺北市中正區重慶南路一段")).toBe(false);
    expect(isWholeTaiwanAddress(null)).toBe(false);
  });
});
