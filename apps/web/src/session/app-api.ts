import { localeFromIndex } from "@chayong/i18n/lazy";
import {
  checkEndpointAnswer,
  createApi,
  type EndpointDefinition,
  type EndpointId,
  endpoints,
} from "@chayong/sdk";
import {
  CIPHER_IV_ENV,
  CIPHER_KEY_ENV,
  canInflateEnvelopes,
  codecSettingsFromEnv,
  createCodec,
  createTransport,
  type SessionProvider,
} from "@chayong/transport";
import type { createStore } from "jotai";
import type { RuntimeSettings } from "../app/runtime-settings";
import { actionKeys, isCreation } from "../data/action-key";
import type { QueryEndpointId, UploadVariables, WriteEndpointId } from "../data/api-endpoints";
import { invalidatedBy } from "../data/invalidations";
import {
  deviceAtom,
  endingTokenAtom,
  languageIndexAtom,
  loginInfoAtom,
  tokenAtom,
} from "../state/storage";
import { asTransportError, type ErrorCatalogue, SessionChangedError } from "./error-catalogue";
import { packageName } from "./package-name";
import { watchServerReturn } from "./server-return";

/** Reads the session for every call from the app's stored state. */
export function sessionFrom(store: ReturnType<typeof createStore>): SessionProvider {
  return {
    getToken: () => store.get(tokenAtom),
    getLoginInfo: () => store.get(loginInfoAtom),
    getDevice: () => store.get(deviceAtom) ?? store.set(deviceAtom),
    getLocale: () => localeFromIndex(store.get(languageIndexAtom)),
  };
}

/**
 * The SDK as the query client calls it: one endpoint by its id. This module is the API chunk:
 * the transport, the SDK and its answer schemas load here, at boot, beside the first page.
 */
export interface AppApi {
  /** `variables`: the endpoint's request, or an upload's file and progress listener. */
  call(
    id: string,
    variables: unknown,
    options?: { signal?: AbortSignal; timeoutMs?: number | undefined },
  ): Promise<unknown>;
  /** An answer that came another way (the page's first read), checked like a call's answer. */
  check(id: string, body: unknown): unknown;
  /**
   * The reads a write that succeeded may have changed (src/data/invalidations.ts). Here, not in
   * the query client, because only a write needs it and a write loads this chunk anyway: the
   * table stays off the first screen's scripts (scripts/size.ts).
   */
  changedBy(id: string): readonly QueryEndpointId[];
}

type EndpointFunction = (input: unknown, options?: object) => Promise<unknown>;

/** The transport and the SDK, wired once for the whole app. */
export function createAppApi(options: {
  store: ReturnType<typeof createStore>;
  catalogue: Pick<ErrorCatalogue, "slowRequestStarted" | "slowRequestSettled">;
  settings: RuntimeSettings;
  fetch?: typeof fetch;
}): AppApi {
  const { store, catalogue, settings } = options;
  if (typeof window !== "undefined") {
    watchServerReturn(store, {
      baseUrl: settings.baseUrl,
      fetch: options.fetch ?? ((...args) => fetch(...args)),
    });
  }
  const transport = createTransport({
    baseUrl: settings.baseUrl,
    codec: createCodec(
      codecSettingsFromEnv({
        [CIPHER_KEY_ENV]: settings.cipherKeyHex,
        [CIPHER_IV_ENV]: settings.cipherIvHex,
      }),
    ),
    session: sessionFrom(store),
    packageName,
    ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
    ...(settings.slowNetworkMs ? { slowNetworkMs: settings.slowNetworkMs } : {}),
    onSlowNetwork: () => catalogue.slowRequestStarted(),
    onSlowNetworkSettled: () => catalogue.slowRequestSettled(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // Compressed answers (a list page: a tenth of the bytes) where the browser can inflate them.
    compressedAnswers: canInflateEnvelopes(),
  });
  const api = createApi(transport) as unknown as Record<string, Record<string, EndpointFunction>>;
  const table = endpoints as unknown as Record<string, Record<string, EndpointDefinition>>;
  // One per creation endpoint: the key of the action being sent (docs/idempotency.md).
  const creationKeys = new Map<string, ReturnType<typeof actionKeys>>();
  const send: AppApi["call"] = (id, variables, { signal, timeoutMs } = {}) => {
    const [area = "", name = ""] = id.split(".");
    const call = api[area]?.[name];
    if (!call) return Promise.reject(new TypeError(`the SDK has no endpoint ${id}`));
    if (table[area]?.[name]?.wire === "multipart") {
      const { file, onProgress } = variables as UploadVariables;
      return call(file, { signal, timeoutMs, onProgress });
    }
    if (!isCreation(id as EndpointId)) return call(variables, { signal, timeoutMs });
    // A creation carries its action's key: sent again, it is never done twice.
    const keys = creationKeys.get(id) ?? actionKeys();
    creationKeys.set(id, keys);
    const keyed = { ...(variables as object), idempotencyKey: keys.keyFor(variables) };
    return call(keyed, { signal, timeoutMs }).then((answer) => {
      keys.succeeded();
      return answer;
    });
  };
  return {
    call(id, variables, options) {
      // A refusal of the session ends the app's session only if the call carried it: one sent
      // before a logout or another login, or during or after a logout, says nothing of it.
      const sentWith = store.get(tokenAtom);
      return send(id, variables, options).catch((error: unknown) => {
        const ended = asTransportError(error)?.kind === "session-ended";
        const notNow =
          sentWith === null ||
          store.get(tokenAtom) !== sentWith ||
          store.get(endingTokenAtom) === sentWith;
        if (ended && notNow) {
          throw new SessionChangedError(id);
        }
        throw error;
      });
    },
    check: (id, body) => checkEndpointAnswer(id as EndpointId, body),
    changedBy: (id) => invalidatedBy[id as WriteEndpointId] ?? [],
  };
}
