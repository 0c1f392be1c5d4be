import { readFileSync } from "node:fs";
import { join } from "node:path";
import { translate } from "@chayong/i18n";
import { afterEach, describe, expect, it, vi } from "vitest";

// index.html's own wait (docs/screens.md, "Loading, failed, empty"): shown before any of the
// app's code has arrived, in the language the phone chose, in the catalogs' words.
const html = readFileSync(join(import.meta.dirname, "../index.html"), "utf8");

/** Loads index.html's body as the browser would, running its inline script. */
function openPage(): HTMLElement {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
  document.body.innerHTML = body.replace(/<script type="module"[^>]*><\/script>/, "");
  for (const script of document.body.querySelectorAll("script")) {
    new Function(script.textContent ?? "")();
  }
  const wait = document.getElementById("boot-wait");
  if (!wait) throw new Error("index.html shows nothing while the app loads");
  return wait;
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  document.body.innerHTML = "";
});

describe("index.html before the app has loaded", () => {
  it("says it is loading, in Korean by default", () => {
    const wait = openPage();
    expect(wait.getAttribute("role")).toBe("status");
    expect(wait.textContent?.trim()).toBe(translate("common.loading", "ko-KR"));
  });

  it("says it in Traditional Chinese when that is the chosen language", () => {
    localStorage.setItem("languageIndex", "1");
    const wait = openPage();
    expect(wait.textContent?.trim()).toBe(translate("common.loading", "zh-TW"));
    expect(wait.querySelector("[lang]")?.getAttribute("lang")).toBe("zh-Hant-TW");
  });

  it("says the network is slow and offers to load again when nothing came in 15 s", () => {
    vi.useFakeTimers();
    localStorage.setItem("languageIndex", "1");
    const wait = openPage();
    vi.advanceTimersByTime(14_999);
    expect(wait.querySelector("button")).toBeNull();
    vi.advanceTimersByTime(1);
    expect(wait.querySelector(".boot-wait__label")?.textContent).toBe(
      translate("transport.slowNetwork", "zh-TW"),
    );
    expect(wait.querySelector("button")?.textContent).toBe(translate("common.retry", "zh-TW"));
  });

  it("says it in Korean words from the catalogs too, slow network included", () => {
    vi.useFakeTimers();
    const wait = openPage();
    vi.advanceTimersByTime(15_000);
    expect(wait.querySelector(".boot-wait__label")?.textContent).toBe(
      translate("transport.slowNetwork", "ko-KR"),
    );
    expect(wait.querySelector("button")?.textContent).toBe(translate("common.retry", "ko-KR"));
  });

  it("stays while the app has mounted but shows nothing, and goes once it shows its first words", async () => {
    openPage();
    const app = document.getElementById("app") as HTMLElement;
    // The app mounted before its catalog arrived: empty elements only.
    app.append(document.createElement("div"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.getElementById("boot-wait")).not.toBeNull();

    const header = document.createElement("h1");
    header.textContent = "로그인";
    app.firstElementChild?.append(header);
    await vi.waitFor(() => expect(document.getElementById("boot-wait")).toBeNull());
  });
});
