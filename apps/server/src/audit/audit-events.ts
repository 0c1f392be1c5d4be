import {
  calendarDateSchema,
  contractExportKinds,
  contractStatuses,
  contractTypeFilters,
  jurisdictions,
  ledgerEntrySchema,
  moneySchema,
  offlineLoanStates,
} from "@chayong/domain";
import * as v from "valibot";

/**
 * Every action the audit log records (docs/privacy.md#audit-log), with what its row is about
 * (`subject`, stored as `subject_type`) and the schema of its details: the one list that
 * `recordAudit` is typed by and `readAuditEvents` validates with. An action is added here first.
 *
 * Details that later code added to an action read as null on the rows written before it.
 */

const noDetails = v.object({});

/** The entries one money operation wrote. */
const moneyOperationDetails = v.object({
  operationId: v.string(),
  entries: v.array(v.pick(ledgerEntrySchema, ["id", "kind", "instalmentIndex", "amount", "date"])),
});

const offlineLoanTerms = v.object({
  amount: moneySchema,
  // Reports audited before the outstanding amount was kept (2026-11-23) lack it.
  outstandingAmount: v.optional(v.nullable(moneySchema), null),
  loanDate: calendarDateSchema,
  state: v.picklist(offlineLoanStates),
});

const lenderProfileDetails = v.object({
  jurisdiction: v.picklist(jurisdictions),
  merchantName: v.string(),
});

/** How a face check compared with the ID card (docs/identity.md, "Three outcomes"). */
const faceDecision = v.picklist(["match", "review"]);

/** One action of the list: what its row is about, and its details' schema. */
const auditAction = <const Subject extends string, const Details extends v.GenericSchema>(
  subject: Subject,
  details: Details,
) => ({ subject, details });

export const auditActions = {
  // Sign-in and accounts (docs/login.md)
  "session.login": auditAction("session", noDetails),
  "session.logout": auditAction("session", noDetails),
  "user.create": auditAction("user", noDetails),

  // Operator commands (docs/roles.md)
  "lender.add": auditAction("user", lenderProfileDetails),
  "lender.update": auditAction("user", lenderProfileDetails),
  "config.setService": auditAction(
    "config",
    v.object({
      line_img: v.optional(v.string()),
      line: v.optional(v.string()),
      line_url: v.optional(v.string()),
    }),
  ),
  "apiKey.create": auditAction(
    "apiKey",
    v.object({
      lenderId: v.string(),
      name: v.string(),
      scope: v.picklist(["read", "full"]),
      prefix: v.string(),
    }),
  ),
  "apiKey.revoke": auditAction("apiKey", v.object({ lenderId: v.string(), prefix: v.string() })),
  /** Every call made with an API key: the subject is the endpoint id, the status its answer's. */
  "apiKey.call": auditAction("endpoint", v.object({ status: v.number() })),

  "template.add": auditAction("template", noDetails),
  "template.remove": auditAction("template", noDetails),

  // Contracts (docs/contracts.md)
  "contract.add": auditAction("contract", v.object({ effectiveAnnualRatePercent: v.number() })),
  /** A page of the contract list: the borrowers' phones of these contracts were shown. */
  "contract.list": auditAction("contract", v.object({ contractIds: v.array(v.string()) })),
  "contract.detail": auditAction("contract", noDetails),
  "contract.open": auditAction("contract", noDetails),
  "contract.view": auditAction("contract", noDetails),
  "contract.sign": auditAction(
    "contract",
    v.object({
      termsSha256: v.string(),
      signatureBytes: v.number(),
      /** Who signed, as verified then (docs/identity.md); null when not recorded. */
      identity: v.optional(
        v.nullable(
          v.object({
            idNumberMasked: v.nullable(v.string()),
            faceUploadId: v.nullable(v.string()),
            frontUploadId: v.nullable(v.string()),
            holdingUploadId: v.nullable(v.string()),
            idCardVerifiedAt: v.nullable(v.string()),
          }),
        ),
        null,
      ),
    }),
  ),
  /** The status the contract had when its lender deleted it. */
  "contract.cancel": auditAction("contract", v.object({ status: v.picklist(["type1", "type2"]) })),
  "contract.pdf": auditAction("contract", noDetails),
  /** A new share link, the old one void (docs/contracts.md, "Share link"). */
  "contract.reissueLink": auditAction("contract", v.object({ linkExpiresAt: v.string() })),
  /** The lender turned the borrower's reminders on or off (docs/notices.md). */
  "contract.reminders": auditAction("contract", v.object({ on: v.boolean() })),
  /** A ledger statement issued (docs/contract-pdf.md, "The ledger statement"). */
  "contract.statement": auditAction(
    "contract",
    v.object({ pdfSha256: v.string(), asOf: calendarDateSchema, entries: v.number() }),
  ),
  /** The signed contract's PDF sealed (docs/contract-pdf.md, "Sealing"): once per contract. */
  "contract.seal": auditAction(
    "contract",
    v.object({
      pdfSha256: v.string(),
      /** The audit chain's head the PDF's audit page carries. */
      chainSeq: v.number(),
      locale: v.string(),
      certificateSha256: v.string(),
      /** When it was sealed: at signing, or at the first download of a contract signed before. */
      occasion: v.picklist(["signing", "download"]),
    }),
  ),
  "contract.export": auditAction(
    "contract",
    v.object({
      kind: v.picklist(contractExportKinds),
      filter: v.object({
        status: v.nullable(v.picklist(contractStatuses)),
        type: v.picklist(contractTypeFilters),
      }),
      contracts: v.number(),
      rows: v.number(),
    }),
  ),

  // Money after signing (docs/money.md)
  "contract.repay": auditAction("contract", moneyOperationDetails),
  "contract.renew": auditAction("contract", moneyOperationDetails),
  "contract.reverse": auditAction("contract", moneyOperationDetails),
  "contract.ledger": auditAction("contract", noDetails),

  // Customers (docs/customers.md)
  "customer.view": auditAction(
    "user",
    v.object({ contractId: v.string(), identityShown: v.boolean() }),
  ),
  "customer.block": auditAction("phone", v.object({ reason: v.string() })),
  "customer.unblock": auditAction("phone", noDetails),
  /** The remark the lender gave and whether anyone was found; never the number or the card. */
  "sharedDebt.query": auditAction(
    "user",
    v.object({ remark: v.nullable(v.string()), found: v.boolean(), bankCardGiven: v.boolean() }),
  ),
  "offlineLoan.report": auditAction("offlineLoan", offlineLoanTerms),
  "offlineLoan.correct": auditAction(
    "offlineLoan",
    v.object({ before: offlineLoanTerms, after: offlineLoanTerms }),
  ),
  "offlineLoan.withdraw": auditAction("offlineLoan", offlineLoanTerms),

  // Identity (docs/identity.md)
  "identity.face": auditAction(
    "user",
    v.object({
      comparedWithIdCard: v.boolean(),
      uploadId: v.optional(v.nullable(v.string()), null),
      // Rows before the three outcomes (docs/identity.md) were all matches.
      decision: v.optional(faceDecision, "match"),
    }),
  ),
  "identity.confirm": auditAction(
    "user",
    v.object({
      sharedDebtConsent: v.boolean(),
      score: v.number(),
      decision: v.optional(faceDecision, "match"),
      idNumberMasked: v.optional(v.nullable(v.string()), null),
      uploads: v.optional(
        v.nullable(v.object({ face: v.string(), front: v.string(), holding: v.string() })),
        null,
      ),
    }),
  ),
  "identity.contacts": auditAction("user", noDetails),
  /** A lender decided on a face check that came out `review`, for his own contracts. */
  "identity.review": auditAction(
    "user",
    v.object({
      contractId: v.string(),
      decision: v.picklist(["approved", "refused"]),
      score: v.number(),
      uploads: v.object({ face: v.string(), front: v.string(), holding: v.string() }),
    }),
  ),
  /**
   * An ID card confirmation refused: its face (`face`) or its ID number (`idNumber`) was already
   * verified on another account (docs/identity.md, "One person, one identity").
   */
  "identity.conflict": auditAction(
    "user",
    v.object({
      kind: v.picklist(["face", "idNumber"]),
      otherUserId: v.string(),
      similarity: v.nullable(v.number()),
    }),
  ),
  /** The same face and ID number verified on another account: one person, two phones. */
  "identity.link": auditAction(
    "user",
    v.object({ otherUserId: v.string(), similarity: v.nullable(v.number()) }),
  ),
  /** A lender loaded one of his borrower's images. */
  "identity.image.view": auditAction("upload", v.object({ ownerId: v.string() })),
};

export type AuditAction = keyof typeof auditActions;

/**
 * Old names of renamed actions, which rows written before the rename still carry (audit rows
 * are never changed): they are read as the action's name now.
 */
export const formerActionNames: Readonly<Record<string, AuditAction>> = {
  // The repayment, until migration 0010_repayment_kind (docs/money.md, "Words").
  "contract.update": "contract.repay",
};

/** The names an action's rows may carry: its own and any it had before. */
export function storedNamesOf(action: AuditAction): string[] {
  return [
    action,
    ...Object.keys(formerActionNames).filter((name) => formerActionNames[name] === action),
  ];
}

/** What an action's row is about (`subject_type`). */
export type AuditSubject<A extends AuditAction> = (typeof auditActions)[A]["subject"];

/** An action's details, as written now and as read back (older rows brought to this shape). */
export type AuditDetails<A extends AuditAction> = v.InferOutput<
  (typeof auditActions)[A]["details"]
>;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(auditActions, value);
}
