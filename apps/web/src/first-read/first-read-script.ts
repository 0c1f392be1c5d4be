// The page's first reads, run by an inline script in index.html before the app's code has
// arrived (scripts/first-read-plugin.ts bundles this file on its own): a signed-in reader's
// order list or share link starts its calls while the app downloads, and the route's loader
// takes their answers (take-first-read.ts). Everything it needs is small: the platform's fetch
// and WebCrypto (transport's first read), the stored session, the route's own search schemas.
import { localeFromIndex } from "@chayong/i18n/lazy";
import { sendFirstRead } from "@chayong/transport/first-read";
import { isLoginInfo, isString, readRaw, readStored, storageKeys } from "../state/stored-values";
import { type FirstReadId, firstReadsOf } from "./first-reads";
import { type FirstReads, firstReadsKey } from "./take-first-read";

/** Fixed when the app is built (scripts/first-read-plugin.ts). */
declare const __CHAYONG_FIRST_READ__: {
  endpoints: Record<FirstReadId, { method: "GET" | "POST"; path: string }>;
  baseUrl: string;
  keyHex: string;
  ivHex: string;
  packageName: string;
};

const token = readStored(storageKeys.token, isString, null);
if (token) {
  const { endpoints, ...wire } = __CHAYONG_FIRST_READ__;
  const settings = {
    ...wire,
    token,
    loginInfo: readStored(storageKeys.loginInfo, isLoginInfo, null),
    locale: localeFromIndex(readRaw(storageKeys.languageIndex) as number | string | undefined),
  };
  const reads: FirstReads = {
    token,
    reads: firstReadsOf(location.hash).map((read) => {
      const controller = new AbortController();
      return {
        ...read,
        sentAt: performance.now(),
        abort: () => controller.abort(),
        envelope: sendFirstRead(settings, {
          ...endpoints[read.id],
          payload: read.input,
          signal: controller.signal,
        }),
      };
    }),
  };
  (globalThis as Record<string, unknown>)[firstReadsKey] = reads;
}
