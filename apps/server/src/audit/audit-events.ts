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

const action = <const Subject extends string, const Details extends v.GenericSchema>(
  subject: Subject,
  details: Details,
) => ({ subject, details });

export const auditActions = {
  // Sign-in and accounts (docs/login.md)
  "session.login": action("session", noDetails),
  "session.logout": action("session", noDetails),
  "user.create": action("user", noDetails),

  // Operator commands (docs/roles.md)
  "lender.add": action("user", lenderProfileDetails),
  "lender.update": action("user", lenderProfileDetails),
  "config.setService": action(
    "config",
    v.object({
      line_img: v.optional(v.string()),
      line: v.optional(v.string()),
      line_url: v.optional(v.string()),
    }),
  ),
  "apiKey.create": action(
    "apiKey",
    v.object({
      lenderId: v.string(),
      name: v.string(),
      scope: v.picklist(["read", "full"]),
      prefix: v.string(),
    }),
  ),
  "apiKey.revoke": action("apiKey", v.object({ lenderId: v.string(), prefix: v.string() })),
  /** Every call made with an API key: the subject is the endpoint id, the status its answer's. */
  "apiKey.call": action("endpoint", v.object({ status: v.number() })),

  "template.add": action("template", noDetails),
  "template.remove": action("template", noDetails),

  // Contracts (docs/contracts.md)
  "contract.add": action("contract", v.object({ effectiveAnnualRatePercent: v.number() })),
  /** A page of the contract list: the borrowers' phones of these contracts were shown. */
  "contract.list": action("contract", v.object({ contractIds: v.array(v.string()) })),
  "contract.detail": action("contract", noDetails),
  "contract.open": action("contract", noDetails),
  "contract.view": action("contract", noDetails),
  "contract.sign": action(
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
  "contract.cancel": action("contract", v.object({ status: v.picklist(["type1", "type2"]) })),
  "contract.pdf": action("contract", noDetails),
  "contract.export": action(
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
  "contract.repay": action("contract", moneyOperationDetails),
  "contract.renew": action("contract", moneyOperationDetails),
  "contract.reverse": action("contract", moneyOperationDetails),
  "contract.ledger": action("contract", noDetails),

  // Customers (docs/customers.md)
  "customer.view": action("user", v.object({ contractId: v.string(), identityShown: v.boolean() })),
  "customer.block": action("phone", v.object({ reason: v.string() })),
  "customer.unblock": action("phone", noDetails),
  /** The remark the lender gave and whether anyone was found; never the number or the card. */
  "sharedDebt.query": action(
    "user",
    v.object({ remark: v.nullable(v.string()), found: v.boolean(), bankCardGiven: v.boolean() }),
  ),
  "offlineLoan.report": action("offlineLoan", offlineLoanTerms),
  "offlineLoan.correct": action(
    "offlineLoan",
    v.object({ before: offlineLoanTerms, after: offlineLoanTerms }),
  ),
  "offlineLoan.withdraw": action("offlineLoan", offlineLoanTerms),

  // Identity (docs/identity.md)
  "identity.face": action(
    "user",
    v.object({
      comparedWithIdCard: v.boolean(),
      uploadId: v.optional(v.nullable(v.string()), null),
    }),
  ),
  "identity.confirm": action(
    "user",
    v.object({
      sharedDebtConsent: v.boolean(),
      score: v.number(),
      idNumberMasked: v.optional(v.nullable(v.string()), null),
      uploads: v.optional(
        v.nullable(v.object({ face: v.string(), front: v.string(), holding: v.string() })),
        null,
      ),
    }),
  ),
  "identity.contacts": action("user", noDetails),
  /** A lender loaded one of his borrower's images. */
  "identity.image.view": action("upload", v.object({ ownerId: v.string() })),
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
