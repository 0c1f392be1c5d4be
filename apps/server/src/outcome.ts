import type { DomainError, MessageKey } from "@chayong/domain";
import type { MessageParams } from "./messages/message-for";

/** Envelope statuses (docs/wire-protocol.md#envelope-statuses) other than 200. */
export type FailureStatus = 301 | 400 | 403 | 404 | 409 | 429 | 500 | 503;

/** Why a call failed, as a value: the envelope status and the message key to translate. */
export interface Failure {
  status: FailureStatus;
  key: MessageKey;
  params?: MessageParams;
  /** The request field to fix, when there is one. */
  field?: string;
  /** Every problem found in the input, when there are several (the form shows each). */
  errors?: FieldProblem[];
  /** Facts the screen shows beside the message, answered as the envelope's body. */
  details?: Record<string, string>;
}

export interface FieldProblem {
  key: MessageKey;
  field?: string;
  params?: MessageParams;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: Failure };

export function succeed<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function refuse<T = never>(
  status: FailureStatus,
  key: MessageKey,
  params?: MessageParams,
  field?: string,
): Outcome<T> {
  const failure: Failure = { status, key };
  if (params !== undefined) failure.params = params;
  if (field !== undefined) failure.field = field;
  return { ok: false, failure };
}

/** The same refusal, answering `details` in the envelope's body for the screen to show. */
export function refuseWith<T = never>(
  refusal: Outcome<never>,
  details: Record<string, string>,
): Outcome<T> {
  if (refusal.ok) return refusal;
  return { ok: false, failure: { ...refusal.failure, details } };
}

/** A refusal of bad input listing every problem; the envelope message is the first one's. */
export function refuseInput<T = never>(problems: FieldProblem[]): Outcome<T> {
  const [first] = problems;
  if (first === undefined) return refuse(400, "common.invalidValue");
  const failure: Failure = { status: 400, key: first.key, errors: problems };
  if (first.params !== undefined) failure.params = first.params;
  if (first.field !== undefined) failure.field = first.field;
  return { ok: false, failure };
}

/**
 * A refusal of the domain's errors: a state that forbids the operation (a settled instalment, an
 * entry already reversed) is a conflict (409); anything the user can correct in the form is bad
 * input (400) listing every problem.
 */
export function refuseDomain<T = never>(errors: readonly DomainError[]): Outcome<T> {
  const conflict = errors.find((error) => error.kind === "conflict" || error.kind === "notAllowed");
  if (conflict) return refuse(409, conflict.key, conflict.params, conflict.field);
  return refuseInput(errors.map(fieldProblemOf));
}

/** A domain error as a refusal names it on its field. */
export function fieldProblemOf(error: DomainError): FieldProblem {
  const problem: FieldProblem = { key: error.key };
  if (error.field !== undefined) problem.field = error.field;
  if (error.params !== undefined) problem.params = error.params;
  return problem;
}
