import { localeFromIndex } from "@chayong/i18n/lazy";
import { type Api, createApi } from "@chayong/sdk";
import {
  CIPHER_IV_ENV,
  CIPHER_KEY_ENV,
  codecSettingsFromEnv,
  createCodec,
  createTransport,
  type SessionProvider,
} from "@chayong/transport";
import type { createStore } from "jotai";
import type { RuntimeSettings } from "../app/runtime-settings";
import { deviceAtom, languageIndexAtom, loginInfoAtom, tokenAtom } from "../state/storage";
import { asTransportError, type ErrorCatalogue } from "./error-catalogue";

/** The package name header of this app (docs/wire-protocol.md#headers leaves the value to us). */
export const packageName = "com.chayong.web";

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
 * Every API function, passed through the error catalogue once: whatever a call rejects with
 * (transport failures, answers the SDK refuses) meets the catalogue before the screen sees it,
 * and every answer tells it the network is up (the offline notice goes).
 */
export function guardApi(
  api: Api,
  catalogue: Pick<ErrorCatalogue, "handle" | "reachedServer">,
): Api {
  const guarded: Record<string, Record<string, unknown>> = {};
  for (const [area, functions] of Object.entries(api as Record<string, Record<string, unknown>>)) {
    guarded[area] = Object.fromEntries(
      Object.entries(functions).map(([name, call]) => [
        name,
        async (...args: unknown[]) => {
          try {
            const answer = await (call as (...callArgs: unknown[]) => Promise<unknown>)(...args);
            catalogue.reachedServer();
            return answer;
          } catch (error) {
            catalogue.handle(error);
            throw error;
          }
        },
      ]),
    );
  }
  return guarded as Api;
}

/**
 * The error catalogue as calls the user did not ask for see it (the session check when the app
 * comes back to the front): an ended session still sends the person to login, but a time-out, an
 * unreachable server or a refusal stays quiet, with no modal over what they are doing. The
 * caller decides what a failure means.
 */
export function backgroundCatalogue(
  catalogue: Pick<ErrorCatalogue, "handle" | "reachedServer">,
): Pick<ErrorCatalogue, "handle" | "reachedServer"> {
  return {
    handle(error) {
      const ended = asTransportError(error)?.kind === "session-ended";
      return ended ? catalogue.handle(error) : { kind: "screen" };
    },
    reachedServer: () => catalogue.reachedServer(),
  };
}

/** The app's two views of one SDK: calls the user asked for, and background calls. */
export interface AppApis {
  /** Every failure meets the error catalogue (modals, login, the offline notice). */
  api: Api;
  /** Only an ended session does (backgroundCatalogue). */
  backgroundApi: Api;
}

/** The transport and the SDK, wired once for the whole app. */
export function createAppApis(options: {
  store: ReturnType<typeof createStore>;
  catalogue: ErrorCatalogue;
  settings: RuntimeSettings;
  fetch?: typeof fetch;
}): AppApis {
  const { store, catalogue, settings } = options;
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
    compressedAnswers: typeof DecompressionStream === "function",
  });
  const sdk = createApi(transport);
  return {
    api: guardApi(sdk, catalogue),
    backgroundApi: guardApi(sdk, backgroundCatalogue(catalogue)),
  };
}
