import type { LedgerEntryKind } from "@chayong/domain";
import { formatRecordedInstant } from "@chayong/i18n/lazy";
import { type AuditRecord, readAuditEvents } from "../../audit/audit";
import type { AuditAction } from "../../audit/audit-events";
import type { Db } from "../../db/database";
import { type Locale, type ServerTextKey, serverText } from "../../messages/message-for";
import type { AuditLine } from "./render-contract-pdf";

/** The label of every action recorded about one contract (docs/contract-pdf.md). */
const actionKeys = {
  "contract.add": "pdf.audit.action.add",
  "contract.open": "pdf.audit.action.open",
  "contract.detail": "pdf.audit.action.detail",
  "contract.view": "pdf.audit.action.view",
  "contract.cancel": "pdf.audit.action.cancel",
  "contract.ledger": "pdf.audit.action.ledger",
  "contract.pdf": "pdf.audit.action.pdf",
  "contract.seal": "pdf.audit.action.seal",
  "contract.statement": "pdf.audit.action.statement",
  "contract.renew": "pdf.audit.action.renew",
  "contract.reverse": "pdf.audit.action.reverse",
} as const satisfies Partial<Record<AuditAction, ServerTextKey>>;

const ledgerKindKeys: Record<LedgerEntryKind, ServerTextKey> = {
  repayment: "ledger.kind.repayment",
  waiver: "ledger.kind.waiver",
  renewal: "ledger.kind.renewal",
  reversal: "ledger.kind.reversal",
};

type Translate = (key: ServerTextKey, params?: Record<string, string | number>) => string;

/** What was done, worded: a signature with the hash signed, a repayment with its entry kinds. */
function actionText(event: AuditRecord, t: Translate, timeZone: string, locale: Locale): string {
  switch (event.action) {
    case "contract.sign": {
      const signed = t("pdf.audit.action.sign", { hash: event.details.termsSha256 });
      const identity = event.details.identity;
      if (identity?.idNumberMasked == null || identity.idCardVerifiedAt === null) return signed;
      const verified = t("pdf.audit.verified", {
        idNumber: identity.idNumberMasked,
        date: formatRecordedInstant(identity.idCardVerifiedAt, locale, timeZone),
      });
      return `${signed}. ${verified}`;
    }
    case "contract.repay": {
      const kinds = new Set(event.details.entries.map((entry) => ledgerKindKeys[entry.kind]));
      return t("pdf.audit.action.repay", { kinds: [...kinds].map((key) => t(key)).join(", ") });
    }
    default: {
      const key = Object.hasOwn(actionKeys, event.action)
        ? actionKeys[event.action as keyof typeof actionKeys]
        : undefined;
      // An action about many contracts at once (a list, an export) names none of them.
      return key === undefined ? t("pdf.audit.action.other", { action: event.action }) : t(key);
    }
  }
}

/**
 * One audit event as the audit page words it: when (the lender's clock), who (the party's role;
 * no account ids), what (the action; for a signature the hash signed and the identity verified
 * then; for a money operation the kinds of entries it wrote), and from where (IP and device).
 */
export function auditLineOf(event: AuditRecord, timeZone: string, locale: Locale): AuditLine {
  const t: Translate = (key, params) => serverText(key, locale, params);
  const role = event.actor.role;
  const actor = role === null ? t("pdf.audit.actor.system") : t(`pdf.audit.actor.${role}`);
  const action = actionText(event, t, timeZone, locale);
  const origin =
    event.ip === null
      ? null
      : t("pdf.audit.origin", { ip: event.ip, device: deviceSummary(event.device) });
  return {
    time: formatRecordedInstant(event.at, locale, timeZone),
    actor,
    action: origin === null ? action : `${action}\n${origin}`,
  };
}

/** Every audit event of the contract, oldest first, as the audit page words them. */
export async function contractAuditLines(
  db: Db,
  contract: { id: string; timeZone: string },
  locale: Locale,
): Promise<AuditLine[]> {
  const events = await readAuditEvents(db, { subjectType: "contract", subjectId: contract.id });
  return events.map((event) => auditLineOf(event, contract.timeZone, locale));
}

/** A device as the page names it: the User-Agent, at most 90 characters ("-" when none). */
function deviceSummary(device: string | null): string {
  if (device === null) return "-";
  return device.length > 90 ? `${device.slice(0, 89)}…` : device;
}
