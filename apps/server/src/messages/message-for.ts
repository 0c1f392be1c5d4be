/**
 * Message keys to sentences in the caller's language. A stand-in until @chayong/i18n offers
 * `translate(key, locale, params)`: every caller goes through `messageFor`, so swapping the
 * implementation is a change to this one file.
 */
import type { MessageKey } from "@chayong/domain";

export type Locale = "ko-KR" | "zh-TW";
export const defaultLocale: Locale = "ko-KR";

/** Texts the server writes that are not answers to a call: the SMS and the contract document. */
export type ServerTextKey =
  | "sms.loginCode"
  | "document.title"
  | "document.parties"
  | "document.lender"
  | "document.merchantName"
  | "document.licenceNumber"
  | "document.borrowerPhone"
  | "document.terms"
  | "document.contractCode"
  | "document.loanAmount"
  | "document.disbursedAmount"
  | "document.serviceFee"
  | "document.loanDate"
  | "document.repaymentDate"
  | "document.repaymentType"
  | "document.single"
  | "document.instalments"
  | "document.interval"
  | "document.overdueRate"
  | "document.effectiveAnnualRate"
  | "document.schedule"
  | "document.instalmentNumber"
  | "document.dueDate"
  | "document.amount"
  | "document.total"
  | "document.status"
  | "document.notSigned"
  | "document.signature"
  | "document.signedAt"
  | "document.termsHash"
  | "document.cancelled"
  | "document.weekly"
  | "document.fortnightly"
  | "document.monthly";

type Texts = Record<Locale, string>;

const messages: Partial<Record<MessageKey, Texts>> = {
  "common.pleaseFillIn": { "ko-KR": "입력해 주세요", "zh-TW": "請填寫" },
  "common.pleaseSelect": { "ko-KR": "선택해 주세요", "zh-TW": "請選擇" },
  "common.operationTooFrequent": { "ko-KR": "요청이 너무 잦습니다", "zh-TW": "操作過於頻繁" },
  "common.unknownField": {
    "ko-KR": "허용되지 않는 항목이 있습니다: {field}",
    "zh-TW": "包含不允許的欄位：{field}",
  },
  "common.invalidValue": {
    "ko-KR": "값이 올바르지 않습니다: {field}",
    "zh-TW": "數值不正確：{field}",
  },
  "money.notInteger": { "ko-KR": "금액은 정수여야 합니다", "zh-TW": "金額必須為整數" },
  "money.negative": { "ko-KR": "금액은 0 이상이어야 합니다", "zh-TW": "金額不可為負數" },
  "money.tooLarge": { "ko-KR": "금액이 너무 큽니다", "zh-TW": "金額過大" },
  "phone.required": { "ko-KR": "휴대폰 번호를 입력해 주세요", "zh-TW": "請輸入手機號碼" },
  "phone.invalid": { "ko-KR": "휴대폰 번호가 올바르지 않습니다", "zh-TW": "手機號碼格式不正確" },
  "contract.name.required": { "ko-KR": "계약 이름을 입력해 주세요", "zh-TW": "請輸入合約名稱" },
  "contract.borrowerPhone.required": {
    "ko-KR": "차용인 휴대폰 번호를 입력해 주세요",
    "zh-TW": "請輸入借款人手機號碼",
  },
  "contract.loanAmount.required": {
    "ko-KR": "대출 금액을 입력해 주세요",
    "zh-TW": "請輸入借款金額",
  },
  "contract.disbursedAmount.required": {
    "ko-KR": "실수령 금액을 입력해 주세요",
    "zh-TW": "請輸入實際到手金額",
  },
  "contract.disbursedAmount.exceedsLoan": {
    "ko-KR": "실수령 금액은 대출 금액을 넘을 수 없습니다",
    "zh-TW": "實際到手金額不可超過借款金額",
  },
  "contract.loanDate.required": { "ko-KR": "대출일을 선택해 주세요", "zh-TW": "請選擇借款日期" },
  "contract.repaymentDate.required": {
    "ko-KR": "상환일을 선택해 주세요",
    "zh-TW": "請選擇還款日期",
  },
  "contract.repaymentDate.invalid": {
    "ko-KR": "올바른 상환일을 선택해 주세요",
    "zh-TW": "請選擇正確的還款日期",
  },
  "contract.overdueRate.required": {
    "ko-KR": "연체 이율을 입력해 주세요",
    "zh-TW": "請輸入逾期利率",
  },
  "contract.overdueRate.aboveCap": {
    "ko-KR": "연체 이율 {ratePercent}%가 법정 상한 {capPercent}%를 넘습니다",
    "zh-TW": "逾期利率 {ratePercent}% 超過法定上限 {capPercent}%",
  },
  "contract.instalmentCount.outOfRange": {
    "ko-KR": "분할 횟수는 2~10회입니다",
    "zh-TW": "分期期數須為 2 至 10 期",
  },
  "contract.instalmentTotal.belowLoan": {
    "ko-KR": "분할 상환 총액이 대출 금액보다 적습니다",
    "zh-TW": "分期總金額小於借款金額",
  },
  "contract.rate.aboveCap": {
    "ko-KR": "실질 연이율 {ratePercent}%가 법정 상한 {capPercent}%를 넘습니다",
    "zh-TW": "實際年利率 {ratePercent}% 超過法定上限 {capPercent}%",
  },
  "contract.notFound": { "ko-KR": "계약 정보를 불러오지 못했습니다", "zh-TW": "獲取合約資訊失敗" },
  "contract.noResults": { "ko-KR": "관련 계약 정보가 없습니다", "zh-TW": "暫無相關合約資訊" },
  "contract.alreadySigned": { "ko-KR": "이미 서명된 계약입니다", "zh-TW": "合約已簽署" },
  "contract.cancelNotAllowed": {
    "ko-KR": "서명 전의 계약만 삭제할 수 있습니다",
    "zh-TW": "只能刪除尚未簽署的合約",
  },
  "contract.notYourContract": {
    "ko-KR": "이 계약의 휴대폰 번호로 로그인해 주세요",
    "zh-TW": "請使用此合約的手機號碼登入",
  },
  "login.phone.required": { "ko-KR": "휴대폰 번호를 입력해 주세요", "zh-TW": "請輸入手機號碼" },
  "login.code.required": { "ko-KR": "인증번호를 입력해 주세요", "zh-TW": "請輸入驗證碼" },
  "login.code.invalid": { "ko-KR": "인증번호가 올바르지 않습니다", "zh-TW": "驗證碼不正確" },
  "login.code.expired": {
    "ko-KR": "인증번호가 만료되었습니다. 다시 받아 주세요",
    "zh-TW": "驗證碼已過期，請重新獲取",
  },
  "login.code.tooManyAttempts": {
    "ko-KR": "인증번호 입력 횟수를 초과했습니다. 새 인증번호를 받아 주세요",
    "zh-TW": "驗證碼錯誤次數過多，請重新獲取",
  },
  "login.sms.cooldown": {
    "ko-KR": "{seconds}초 후에 다시 보낼 수 있습니다",
    "zh-TW": "請於 {seconds} 秒後再重新發送",
  },
  "login.sms.hourlyLimit": {
    "ko-KR": "이 번호로는 한 시간에 {limit}회까지 보낼 수 있습니다",
    "zh-TW": "此號碼每小時最多發送 {limit} 次",
  },
  "login.sms.ipLimit": {
    "ko-KR": "이 네트워크에서 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요",
    "zh-TW": "此網路的請求過多，請稍後再試",
  },
  "login.sms.deliveryFailed": {
    "ko-KR": "문자를 보내지 못했습니다. 잠시 후 다시 시도해 주세요",
    "zh-TW": "簡訊發送失敗，請稍後再試",
  },
  "signature.incomplete": { "ko-KR": "서명을 완료해 주세요", "zh-TW": "請完成簽名" },
  "signature.empty": { "ko-KR": "서명이 감지되지 않았습니다", "zh-TW": "未檢測到簽名" },
  "signature.invalidImage": {
    "ko-KR": "서명 이미지가 올바르지 않습니다",
    "zh-TW": "簽名圖片格式不正確",
  },
  "signature.tooLarge": { "ko-KR": "서명 이미지가 너무 큽니다", "zh-TW": "簽名圖片過大" },
  "template.name.required": { "ko-KR": "템플릿 이름을 입력해 주세요", "zh-TW": "請輸入模板名稱" },
  "template.lender.required": { "ko-KR": "대출인을 입력해 주세요", "zh-TW": "請輸入出借人" },
  "template.merchantName.required": {
    "ko-KR": "상호명을 입력해 주세요",
    "zh-TW": "請輸入商戶名稱",
  },
  "template.notFound": { "ko-KR": "템플릿을 찾을 수 없습니다", "zh-TW": "找不到模板" },
  "template.noResults": { "ko-KR": "템플릿 정보가 없습니다", "zh-TW": "暫無模板資訊" },
  "session.invalid": {
    "ko-KR": "로그인이 만료되었습니다. 다시 로그인해 주세요",
    "zh-TW": "登入已失效，請重新登入",
  },
  "session.dataError": {
    "ko-KR": "데이터 오류입니다. 다시 로그인해 주세요",
    "zh-TW": "資料錯誤，請重新登入",
  },
  "access.forbidden": { "ko-KR": "권한이 없습니다", "zh-TW": "沒有權限" },
  "access.notFound": { "ko-KR": "요청한 주소가 없습니다", "zh-TW": "請求的地址不存在" },
  "request.invalidCiphertext": { "ko-KR": "데이터 검증에 실패했습니다", "zh-TW": "資料驗證失敗" },
  "request.bodyTooLarge": { "ko-KR": "요청 데이터가 너무 큽니다", "zh-TW": "請求資料過大" },
  "request.tooFrequent": { "ko-KR": "요청이 너무 잦습니다", "zh-TW": "請求過於頻繁" },
  "server.error": {
    "ko-KR": "서버 오류입니다. 잠시 후 다시 시도해 주세요",
    "zh-TW": "伺服器錯誤，請稍後再試",
  },
};

/** The success message of every envelope with status 200. */
const okText: Texts = { "ko-KR": "성공", "zh-TW": "成功" };

/** Answer for a key the table above does not hold yet (the i18n package will cover all). */
const fallback: Texts = { "ko-KR": "입력 내용을 확인해 주세요", "zh-TW": "請檢查輸入內容" };

const serverTexts: Record<ServerTextKey, Texts> = {
  "sms.loginCode": {
    "ko-KR": "[Chayong] 인증번호 {code} ({minutes}분간 유효). 타인에게 알려주지 마세요.",
    "zh-TW": "[Chayong] 驗證碼 {code}（{minutes} 分鐘內有效），請勿告知他人。",
  },
  "document.title": { "ko-KR": "차용 계약서", "zh-TW": "借款合約" },
  "document.parties": { "ko-KR": "당사자", "zh-TW": "當事人" },
  "document.lender": { "ko-KR": "대출인", "zh-TW": "出借人" },
  "document.merchantName": { "ko-KR": "상호명", "zh-TW": "商戶名稱" },
  "document.licenceNumber": { "ko-KR": "등록번호", "zh-TW": "登記字號" },
  "document.borrowerPhone": { "ko-KR": "차용인 휴대폰 번호", "zh-TW": "借款人手機號碼" },
  "document.terms": { "ko-KR": "계약 조건", "zh-TW": "合約條件" },
  "document.contractCode": { "ko-KR": "계약 번호", "zh-TW": "合約編號" },
  "document.loanAmount": { "ko-KR": "대출 금액", "zh-TW": "借款金額" },
  "document.disbursedAmount": { "ko-KR": "실수령 금액", "zh-TW": "實際到手金額" },
  "document.serviceFee": { "ko-KR": "수수료", "zh-TW": "服務費" },
  "document.loanDate": { "ko-KR": "대출일", "zh-TW": "借款日期" },
  "document.repaymentDate": { "ko-KR": "상환일", "zh-TW": "還款日期" },
  "document.repaymentType": { "ko-KR": "상환 방식", "zh-TW": "還款方式" },
  "document.single": { "ko-KR": "일시 상환", "zh-TW": "一次還款" },
  "document.instalments": { "ko-KR": "{count}회 분할 상환", "zh-TW": "分 {count} 期還款" },
  "document.interval": { "ko-KR": "상환 주기", "zh-TW": "還款週期" },
  "document.overdueRate": { "ko-KR": "연체 이율 (연)", "zh-TW": "逾期利率（年）" },
  "document.effectiveAnnualRate": { "ko-KR": "실질 연이율", "zh-TW": "實際年利率" },
  "document.schedule": { "ko-KR": "상환 일정", "zh-TW": "還款計劃" },
  "document.instalmentNumber": { "ko-KR": "회차", "zh-TW": "期數" },
  "document.dueDate": { "ko-KR": "상환 기일", "zh-TW": "到期日" },
  "document.amount": { "ko-KR": "금액", "zh-TW": "金額" },
  "document.total": { "ko-KR": "합계", "zh-TW": "合計" },
  "document.status": { "ko-KR": "상태", "zh-TW": "狀態" },
  "document.notSigned": { "ko-KR": "아직 서명되지 않았습니다", "zh-TW": "尚未簽署" },
  "document.signature": { "ko-KR": "차용인 서명", "zh-TW": "借款人簽名" },
  "document.signedAt": { "ko-KR": "서명 일시", "zh-TW": "簽署時間" },
  "document.termsHash": { "ko-KR": "서명된 조건의 SHA-256", "zh-TW": "已簽署條件的 SHA-256" },
  "document.cancelled": { "ko-KR": "삭제된 계약입니다", "zh-TW": "此合約已刪除" },
  "document.weekly": { "ko-KR": "매주", "zh-TW": "每週" },
  "document.fortnightly": { "ko-KR": "2주마다", "zh-TW": "每兩週" },
  "document.monthly": { "ko-KR": "매월", "zh-TW": "每月" },
};

export type MessageParams = Record<string, string | number>;

export function messageFor(key: MessageKey, locale: Locale, params?: MessageParams): string {
  return interpolate((messages[key] ?? fallback)[locale], params);
}

/** True when `messageFor` has a real sentence for the key (not the generic fallback). */
export function hasMessage(key: MessageKey): boolean {
  return messages[key] !== undefined;
}

export function okMessage(locale: Locale): string {
  return okText[locale];
}

export function serverText(key: ServerTextKey, locale: Locale, params?: MessageParams): string {
  return interpolate(serverTexts[key][locale], params);
}

function interpolate(text: string, params: MessageParams | undefined): string {
  if (params === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * The caller's language from Accept-Language: the first supported one by preference
 * (any `zh` counts as zh-TW, any `ko` as ko-KR); ko-KR when none is supported.
 */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return defaultLocale;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...rest] = part.trim().split(";");
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number.parseFloat(q.slice(2));
      return { tag: tag.toLowerCase(), weight: Number.isNaN(weight) ? 0 : weight, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === "zh" || tag.startsWith("zh-")) return "zh-TW";
    if (tag === "ko" || tag.startsWith("ko-")) return "ko-KR";
  }
  return defaultLocale;
}
