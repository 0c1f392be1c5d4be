import { describe, expect, it } from "vitest";
import { hasMessage, messageIds } from "./catalogs";
import { createI18n, i18n, translate } from "./instance";

describe("translate", () => {
  it("fills the legal-cap values in both languages", () => {
    expect(
      translate("contract.rate.aboveCap", "ko-KR", { ratePercent: 23.5, capPercent: 20 }),
    ).toBe("실질 연이율 23.5%가 법정 최고이자율 20%를 초과하여 계약을 만들 수 없습니다");
    expect(
      translate("contract.rate.aboveCap", "zh-TW", { ratePercent: 18.2, capPercent: 16 }),
    ).toBe("實質年利率 18.2% 超過法定利率上限 16%，無法建立合約");
    expect(
      translate("contract.overdueRate.aboveCap", "zh-TW", { ratePercent: 30, capPercent: 16 }),
    ).toBe("逾期利率 30% 超過法定利率上限 16%");
  });

  it("fills seconds and status codes", () => {
    expect(translate("login.sms.cooldown", "ko-KR", { seconds: 42 })).toBe(
      "42초 후에 다시 받을 수 있습니다",
    );
    expect(translate("login.sms.cooldown", "zh-TW", { seconds: 42 })).toBe("請於 42 秒後重新發送");
    expect(translate("transport.httpStatus", "zh-TW", { code: 502 })).toBe(
      "伺服器未回應（HTTP 502），請稍後再試。",
    );
  });

  it("gives the spec's time-out modal exactly", () => {
    // modal.timeout.* is the modal's own set; the UI kit reads transport.timeout.title/text.
    for (const prefix of ["modal.timeout", "transport.timeout"]) {
      expect(translate(`${prefix}.title`, "ko-KR")).toBe("네트워크 요청 시간 초과");
      expect(translate(`${prefix}.text`, "ko-KR")).toBe(
        "네트워크 환경을 확인한 후 다시 시도하세요.",
      );
      expect(translate(`${prefix}.title`, "zh-TW")).toBe("網絡請求超時");
      expect(translate(`${prefix}.text`, "zh-TW")).toBe("請檢查網絡環境後重試");
    }
    for (const id of ["modal.timeout.confirm", "common.confirm"]) {
      expect(translate(id, "ko-KR")).toBe("확인");
      expect(translate(id, "zh-TW")).toBe("確認");
    }
  });

  it("keeps the spec's literal copy toast in zh-TW", () => {
    expect(translate("common.copied", "zh-TW")).toBe("已復製");
    expect(translate("common.copied", "ko-KR")).toBe("복사되었습니다");
  });

  it("answers an unknown id with the id, which hasMessage tells apart", () => {
    expect(translate("no.such.message", "zh-TW")).toBe("no.such.message");
    expect(hasMessage("no.such.message")).toBe(false);
    expect(hasMessage("contract.loanAmount.required")).toBe(true);
  });

  it("answers an unsupported locale from untyped callers in Korean", () => {
    const untyped = translate as (id: string, locale: string) => string;
    expect(untyped("tab.me", "en-US")).toBe("내 정보");
  });

  it("neither reads nor moves the shared instance's active locale", () => {
    i18n.activate("zh-TW");
    try {
      expect(translate("tab.orderList", "ko-KR")).toBe("주문 내역");
      expect(i18n.locale).toBe("zh-TW");
    } finally {
      i18n.activate("ko-KR");
    }
  });
});

describe("createI18n", () => {
  it("starts in Korean with both catalogs loaded", () => {
    const instance = createI18n();
    expect(instance.locale).toBe("ko-KR");
    expect(instance._("tab.me")).toBe("내 정보");
    instance.activate("zh-TW");
    expect(instance._("tab.me")).toBe("我的");
  });

  it("gives independent instances", () => {
    const a = createI18n("zh-TW");
    const b = createI18n("ko-KR");
    a.activate("ko-KR");
    b.activate("zh-TW");
    expect(a._("me.logout")).toBe("로그아웃");
    expect(b._("me.logout")).toBe("登出");
  });
});

describe("the shared i18n", () => {
  it("is active in Korean and follows activate", () => {
    expect(i18n.locale).toBe("ko-KR");
    expect(i18n._("tab.orderList")).toBe("주문 내역");
    i18n.activate("zh-TW");
    try {
      expect(i18n._("tab.orderList")).toBe("訂單列表");
      expect(i18n._("login.resendIn", { seconds: 9 })).toBe("9 秒後重新發送");
    } finally {
      i18n.activate("ko-KR");
    }
  });
});

describe("messageIds", () => {
  it("lists every id once, sorted, and each one translates to a sentence", () => {
    expect(new Set(messageIds).size).toBe(messageIds.length);
    expect([...messageIds].sort()).toEqual(messageIds);
    for (const id of messageIds) {
      expect(translate(id, "zh-TW"), id).not.toBe(id);
      expect(translate(id, "ko-KR"), id).not.toBe(id);
    }
  });
});
