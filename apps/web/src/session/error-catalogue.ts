import type { TransportError } from "@chayong/transport";
import { atom, type createStore } from "jotai";
import { endSessionKeepingWork } from "../state/session-scoped";
import { clearStorageAtom, tokenAtom } from "../state/storage";
import type { LoginReason } from "./login-redirect";

type Store = ReturnType<typeof createStore>;

/**
 * What the app does with a failed request, decided once for every screen (docs/errors.md#what-the-app-does):
 * - `session-ended`: envelope 301; storage is cleared (except location flag and device) and the
 *   app goes to login, without a modal;
 * - `relogin`: a 500 whose statusCode is 500; 'data error, please log in again', and on confirm
 *   the same clear + login;
 * - `timeout`: the spec's time-out modal;
 * - `offline`: the request never got out (no connection); the offline notice shows until the
 *   phone is back online or a later request reaches the server, with no modal on top;
 * - `tip`: the 'friendly tip' modal with the error's own message;
 * - `screen`: the screen that made the call shows it (e.g. a validation message on a field).
 */
export type CatalogueEffect =
  | { kind: "session-ended" }
  | { kind: "relogin" }
  | { kind: "timeout" }
  | { kind: "offline" }
  | TipModal
  | { kind: "screen" };

/** A 'friendly tip' modal: the server's own message when it sent one, else the key's text. */
export interface TipModal {
  kind: "tip";
  messageKey: string;
  serverMessage?: string;
  values: Record<string, string | number>;
}

export function catalogueEffectFor(error: TransportError): CatalogueEffect {
  switch (error.kind) {
    case "session-ended":
      return { kind: "session-ended" };
    case "server-error":
      return error.statusCode === 500 ? { kind: "relogin" } : tipFor(error);
    case "timeout":
      return { kind: "timeout" };
    case "unreachable":
      return { kind: "offline" };
    case "http-status":
    case "invalid-data":
    case "missing-url":
    case "prepare-failed":
    case "file-too-large":
      return tipFor(error);
    default:
      return { kind: "screen" };
  }
}

function tipFor(error: TransportError): CatalogueEffect {
  return {
    kind: "tip",
    messageKey: error.messageKey,
    ...(error.serverMessage ? { serverMessage: error.serverMessage } : {}),
    values: error.params ?? {},
  };
}

/** The modal the catalogue is showing, if any (one at a time; the first one wins). */
export type CatalogueModal = { kind: "relogin" } | { kind: "timeout" } | TipModal;

export const catalogueModalAtom = atom<CatalogueModal | null>(null);

/** How many requests have been pending longer than the slow-network threshold right now. */
export const slowRequestCountAtom = atom(0);

/** The last request could not get out (transport kind `unreachable`) and none has since. */
export const networkDownAtom = atom(false);

/**
 * The transport's own test (`isTransportError`), by shape: importing the transport here would pull
 * it, ky and the cipher into the entry chunk, while they load with the API chunk after boot.
 */
export function asTransportError(error: unknown): TransportError | undefined {
  return error instanceof Error &&
    error.name === "TransportError" &&
    typeof (error as { kind?: unknown }).kind === "string"
    ? (error as TransportError)
    : undefined;
}

/**
 * A detail the server answered in a refusal's body beside its message (its `refuseWith`): the
 * text under `name` when the call was refused with `status`, else null.
 */
export function refusalDetail(error: unknown, status: number, name: string): string | null {
  const refusal = asTransportError(error);
  if (refusal?.status !== status) return null;
  const detail = (refusal.body as Record<string, unknown> | null | undefined)?.[name];
  return typeof detail === "string" ? detail : null;
}

/**
 * A call refused for its session after the app's session changed (a logout, another login, a
 * logout under way) or sent with none: the refusal is not about the session the app has now, so
 * nothing is cleared; the catalogue sends to login only an app left with no session, and the
 * screen that asked says nothing of it (src/session/screen-message.ts).
 */
export class SessionChangedError extends Error {
  override name = "SessionChangedError";
  constructor(readonly endpoint: string) {
    super(`${endpoint}: refused for a session that is not the app's session now`);
  }
}

const handledErrors = new WeakSet<object>();

/** True when the error catalogue already told the user about this error; screens stay quiet. */
export function isHandledByCatalogue(error: unknown): boolean {
  return typeof error === "object" && error !== null && handledErrors.has(error);
}

export interface ErrorCatalogue {
  /**
   * Applies the catalogue to a failed request; returns the effect it chose. `quiet`: a call the
   * person did not ask for (a refresh of what the screen already shows, the session check when
   * the app comes back to the front): an ended session still goes to login, but a time-out, an
   * unreachable server or a refusal shows nothing over what they are doing; the screen decides.
   */
  handle(error: unknown, options?: { quiet?: boolean }): CatalogueEffect;
  /** A request got an answer from the server (whatever it said): the network is up. */
  reachedServer(): void;
  /** The user confirmed the catalogue's modal. */
  confirm(): void;
  slowRequestStarted(): void;
  slowRequestSettled(): void;
}

export function createErrorCatalogue(options: {
  store: Store;
  /** Sends the user to login (saying why, if given), coming back to where they were afterwards. */
  goToLogin: (reason?: LoginReason) => void;
}): ErrorCatalogue {
  const { store, goToLogin } = options;
  const endSession = () => {
    // Not a logout: an unfinished contract draft waits, in this tab, for the same user's next
    // login (docs/login.md#session-end-in-the-app).
    endSessionKeepingWork(store, () => store.set(clearStorageAtom));
    goToLogin("expired");
  };
  const show = (modal: CatalogueModal) => {
    if (store.get(catalogueModalAtom) === null) store.set(catalogueModalAtom, modal);
  };
  return {
    handle(error, options = {}) {
      // Refused for a session the app no longer has: with none now (logged out here or in
      // another tab), the screen needs a login, and nothing is cleared; with another one (a
      // login since, a logout under way), nothing at all.
      if (error instanceof SessionChangedError) {
        if (store.get(tokenAtom) === null) goToLogin();
        return { kind: "screen" };
      }
      const transportError = asTransportError(error);
      if (!transportError) return { kind: "screen" };
      const effect = catalogueEffectFor(transportError);
      // Any answer, even a refusal, came through the network.
      if (transportError.httpStatus !== undefined || transportError.status !== undefined) {
        store.set(networkDownAtom, false);
      }
      if (options.quiet && effect.kind !== "session-ended") return { kind: "screen" };
      switch (effect.kind) {
        case "screen":
          return effect;
        case "session-ended":
          endSession();
          break;
        case "offline":
          store.set(networkDownAtom, true);
          // The notice says the server is away; the screen still says its call failed (a form
          // kept but never told it was not saved looks saved).
          return effect;
        default:
          show(effect);
      }
      handledErrors.add(transportError);
      return effect;
    },
    reachedServer() {
      store.set(networkDownAtom, false);
    },
    confirm() {
      const modal = store.get(catalogueModalAtom);
      store.set(catalogueModalAtom, null);
      if (modal?.kind === "relogin") endSession();
    },
    slowRequestStarted() {
      store.set(slowRequestCountAtom, (count) => count + 1);
    },
    slowRequestSettled() {
      store.set(slowRequestCountAtom, (count) => Math.max(0, count - 1));
    },
  };
}
