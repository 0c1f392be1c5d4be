import type { MessageKey } from "../messages";

/** What went wrong, as a value: a kind for code to branch on and a message key for people. */
export interface DomainError {
  kind: string;
  key: MessageKey;
  /** The input field a user must fix (dotted path, e.g. `contacts.1.phone`). */
  field?: string;
  /** Values the translated message interpolates (e.g. both rates of a legal-cap refusal). */
  params?: Record<string, string | number>;
}

/** The kinds of error this package produces. Other packages may use their own kinds. */
export const errorKinds = {
  /** Input of the wrong shape or missing. */
  validation: "validation",
  /** Terms the law does not allow (rate above the legal cap). */
  legalCap: "legalCap",
  /** An operation the contract's status does not allow. */
  notAllowed: "notAllowed",
  /** A referenced thing (instalment, ledger entry) does not exist. */
  notFound: "notFound",
  /** Money that would be applied beyond what is owed. */
  overApplied: "overApplied",
  /** A state conflict (e.g. reversing an entry twice). */
  conflict: "conflict",
} as const;

export type DomainErrorKind = (typeof errorKinds)[keyof typeof errorKinds];

export type Result<T> = { ok: true; value: T } | { ok: false; errors: DomainError[] };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(...errors: DomainError[]): Result<T> {
  return { ok: false, errors };
}

export function domainError(
  kind: DomainErrorKind,
  key: MessageKey,
  field?: string,
  params?: Record<string, string | number>,
): DomainError {
  const error: DomainError = { kind, key };
  if (field !== undefined) error.field = field;
  if (params !== undefined) error.params = params;
  return error;
}
