import type { DomainError } from "@chayong/domain";
import { isCancelledError } from "@tanstack/react-query";
import { asTransportError, isHandledByCatalogue, SessionChangedError } from "./error-catalogue";

type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * What a screen says about a failed call, or null when the error catalogue already told the
 * user (modal, login). The server's message is already in the user's language.
 */
export function screenMessage(error: unknown, _: Translate, fallbackId = "common.loadFailed") {
  // Handled (a modal said it), or given up by the person (a download they left).
  if (isHandledByCatalogue(error) || isCancelledError(error)) return null;
  // About a session the app no longer has: the catalogue has led on (to login) if need be.
  if (error instanceof SessionChangedError) return null;
  const transportError = asTransportError(error);
  if (transportError?.kind === "aborted") return null;
  // The connection notice names the cause; here the call itself failed, and what was typed stays.
  if (transportError?.kind === "unreachable") return _("common.notSentUnreachable");
  if (transportError?.serverMessage) return transportError.serverMessage;
  if (transportError) return _(transportError.messageKey, transportError.params);
  return _(fallbackId);
}

/** A domain error in the user's language (the catalogs use the domain's parameter names). */
export function domainMessage(error: Pick<DomainError, "key" | "params">, _: Translate): string {
  return _(error.key, error.params);
}

/**
 * What a screen's error state says about a failed call, even when the error catalogue already
 * told the user (a time-out modal): the state stays on the screen after the modal is gone.
 */
export function failureMessage(error: unknown, _: Translate): string {
  const transportError = asTransportError(error);
  if (transportError?.serverMessage) return transportError.serverMessage;
  if (transportError) return _(transportError.messageKey, transportError.params);
  return _("common.loadFailed");
}
