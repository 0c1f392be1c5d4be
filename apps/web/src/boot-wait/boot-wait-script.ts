// What the phone shows until the app shows its first words (docs/screens.md, "Loading, failed,
// empty"): the app's code, then its catalog, take seconds on a slow network, which a blank page
// would spend looking broken. Bundled on its own, minified and inlined at the end of index.html's
// body (scripts/boot-wait-plugin.ts), with its markup and style: it needs nothing more to
// download. Over #app, not in it: the app mounts before its catalog has arrived and renders
// nothing until then.
import { localeFromIndex } from "@chayong/i18n/lazy";
import { readRaw } from "../state/stored-values";

/** The catalogs' words, per language, fixed when the app is built. */
declare const __CHAYONG_BOOT_WAIT__: Record<
  "ko-KR" | "zh-TW",
  { loading: string; slow: string; retry: string }
>;

/** After this long with nothing from the app: say the network is slow, offer to load again. */
const slowAfterMs = 15_000;

const wait = document.getElementById("boot-wait");
const app = document.getElementById("app");
if (wait && app) {
  // storageKeys.languageIndex (src/state/stored-values.ts), spelled out: importing the key list
  // would inline all of it into the page.
  const locale = localeFromIndex(readRaw("languageIndex") as number | string | undefined);
  const words = __CHAYONG_BOOT_WAIT__[locale];
  const label = document.createElement("span");
  label.lang = locale;
  label.textContent = words.loading;
  wait.append(label);
  const slow = setTimeout(() => {
    label.textContent = words.slow;
    const again = document.createElement("button");
    again.type = "button";
    again.lang = locale;
    again.textContent = words.retry;
    again.addEventListener("click", () => location.reload());
    wait.append(again);
  }, slowAfterMs);
  // Gone once the app shows any text of its own: its page, its placeholders or an error.
  new MutationObserver((_, observer) => {
    if (!app.textContent?.trim()) return;
    observer.disconnect();
    clearTimeout(slow);
    wait.remove();
  }).observe(app, { childList: true, subtree: true, characterData: true });
}
