import { describe, expect, it } from "vitest";
import { hasKoreanLegacyCheckDigit, parseKoreanIdCardText } from "./korean-id-card-text";

// OCR outputs as tesseract (kor, --psm 6) gives them for Korean cards, misreads included.
describe("parseKoreanIdCardText", () => {
  it("reads a clean card: name without its hanja, number, birthday and gender from it, address", () => {
    const text = [
      "주민등록증",
      "홍길동(洪吉東)",
      "900101-1234567",
      "서울특별시 종로구 세종대로 209",
      "2020. 1. 1.",
      "서울특별시 종로구청장",
    ].join("\n");
    expect(parseKoreanIdCardText(text)).toEqual({
      name: "홍길동",
      idNumber: "900101-1234567",
      gender: "male",
      birthday: "1990-01-01",
      address: "서울특별시 종로구 세종대로 209",
    });
  });

  it("takes the century and the sex from the 7th digit (docs/identity.md)", () => {
    const fields = parseKoreanIdCardText("주민등록증\n김서연(金瑞姸)\n040228-4052177\n");
    expect(fields).toMatchObject({
      idNumber: "040228-4052177",
      birthday: "2004-02-28",
      gender: "female",
    });
  });

  it("survives a garbage title, hanja read as Hangul and specks beside the portrait", () => {
    const text = [
      "즈     드     즈",
      "로트 민 ~ 록 것",
      "정진재(휘쁘죠)                                     =",
      "&",
      "531222-1217510                                틸",
      '대구광역시 수성구 월드컵로 214 115동 704호              "기',
      "|    0000 개",
      "2015.5. 15.",
      "대구광역시 수성구청장",
    ].join("\n");
    expect(parseKoreanIdCardText(text)).toEqual({
      name: "정진재",
      idNumber: "531222-1217510",
      gender: "male",
      birthday: "1953-12-22",
      address: "대구광역시 수성구 월드컵로 214 115동 704호",
    });
  });

  it("closes up spaces inside the name and stops before the hanja without parentheses", () => {
    expect(parseKoreanIdCardText("주민등록증\n| 홍 길동 곳롱쁘\n900101-1234567").name).toBe(
      "홍길동",
    );
  });

  it("maps letters read for digits back and accepts a doubled or odd hyphen", () => {
    expect(parseKoreanIdCardText("주민등록증\n이재지(주죠웹)\n80O92O=-19l9759\n").idNumber).toBe(
      "800920-1919759",
    );
    expect(parseKoreanIdCardText("주민등록증\n이재지\n800920 ㅡ 1919759\n").idNumber).toBe(
      "800920-1919759",
    );
  });

  it("reads no number that is not a real date in its century", () => {
    const fields = parseKoreanIdCardText(
      "주민등록증\n홍길동\n901301-1234567\n서울특별시 종로구 세종대로 209",
    );
    expect(fields).toEqual({
      name: "홍길동",
      idNumber: null,
      gender: null,
      birthday: null,
      address: null,
    });
  });

  it("drops specks before the province and joins a second address line with the building", () => {
    const text = [
      "주민등록증",
      "송동혜(※랫로)                            트",
      "040228-3052177                          ,",
      "광역      공원         1 주     송",
      "액0 대구광역시 중구 공원로 168",
      "(동인동, 106동 1003호)",
      "00000 개",
      "2022.9.11:",
      "대구광역시 중구청장",
    ].join("\n");
    expect(parseKoreanIdCardText(text).address).toBe(
      "대구광역시 중구 공원로 168 (동인동, 106동 1003호)",
    );
  });

  it("stops the address at a misread issuing office when the date was lost", () => {
    const text = [
      "주민등록증",
      "한준수(@(※%)",
      "970930-2130250",
      "부산광역시 부산진구 공원로 194 113동 2402호",
      "이태리 은 이",
      "부산광역시 부산진구정장",
    ].join("\n");
    expect(parseKoreanIdCardText(text).address).toBe("부산광역시 부산진구 공원로 194 113동 2402호");
  });

  it("finds the name under the title when the number was not read", () => {
    const fields = parseKoreanIdCardText(
      "주민등록증\n서예예(쪽쪽)\n이히이어허021491611 /\n경기도 성남시 분당구 대학로 35",
    );
    expect(fields).toEqual({
      name: "서예예",
      idNumber: null,
      gender: null,
      birthday: null,
      address: null,
    });
  });

  it("reads nothing from a Taiwanese card or from nothing", () => {
    const empty = { name: null, idNumber: null, gender: null, birthday: null, address: null };
    expect(parseKoreanIdCardText("")).toEqual(empty);
    expect(
      parseKoreanIdCardText("中華民國國民身分證\n姓名 王小明\n統一編號 A123456789").idNumber,
    ).toBeNull();
  });
});

describe("hasKoreanLegacyCheckDigit", () => {
  it("tells numbers with the pre-2020 check digit from misread ones", () => {
    expect(hasKoreanLegacyCheckDigit("870331-2259123")).toBe(true);
    expect(hasKoreanLegacyCheckDigit("370331-2259123")).toBe(false);
    expect(hasKoreanLegacyCheckDigit("8703312259123")).toBe(true);
    expect(hasKoreanLegacyCheckDigit("870331-225912")).toBe(false);
  });
});
