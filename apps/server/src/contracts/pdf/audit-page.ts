import type { LedgerEntryKind } from "@chayong/domain";
import { type AuditRecord, readAuditEvents } from "../../audit/audit";
import type { AuditAction } from "../../audit/audit-events";
import type { Db } from "../../db/database";
import { type Locale, type ServerTextKey, serverText } from "../../messages/message-for";
import { formatLocalInstant } from "../contract-document";
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
function actionText(event: AuditRecord, t: Translate): string {
  switch (event.action) {
    case "contract.sign":
      return t("pdf.audit.action.sign", { hash: event.details.termsSha256 });
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
 * One audit event as the audit page words it: when (the lender's clock), who (the party's role,
 * nothing more: no account ids, no addresses), what (the action, and for a signature the hash
 * signed; for a money operation the kinds of entries it wrote).
 */
export function auditLineOf(event: AuditRecord, timeZone: string, locale: Locale): AuditLine {
  const t: Translate = (key, params) => serverText(key, locale, params);
  const role = event.actor.role;
  const actor = role === null ? t("pdf.audit.actor.system") : t(`pdf.audit.actor.${role}`);
  return {
    time: formatLocalInstant(event.at, timeZone, locale),
    actor,
    action: actionText(event, t),
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
