import { translate } from "@chayong/i18n";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bundleBootWait } from "./boot-wait-plugin";

// The page's own wait (docs/screens.md, "Loading, failed, empty"), as the plugin puts it in
// index.html: shown before any of the app's code has arrived, in the chosen language.
let script = "";
beforeAll(async () => {
  script = await bundleBootWait();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  document.body.innerHTML = "";
});

/** The body as the built index.html has it, its inline script run as the browser would. */
function openPage(): HTMLElement {
  document.body.innerHTML =
    '<div id="app"></div><div id="boot-wait" role="status"><i aria-hidden="true"></i></div>';
  new Function(script)();
  const wait = document.getElementById("boot-wait");
  if (!wait) throw new Error("no wait");
  return wait;
}

describe("the page's wait before the app has loaded", () => {
  it("says it is loading, in Korean by default, in the catalog's words", () => {
    const wait = openPage();
    expect(wait.getAttribute("role")).toBe("status");
    expect(wait.textContent?.trim()).toBe(translate("common.loading", "ko-KR"));
  });

  it("says it in Traditional Chinese when that is the chosen language", () => {
    localStorage.setItem("languageIndex", "1");
    const wait = openPage();
    expect(wait.textContent?.trim()).toBe(translate("common.loading", "zh-TW"));
    expect(wait.querySelector("[lang]")?.getAttribute("lang")).toBe("zh-TW");
  });

  it("says the network is slow and offers to load again when nothing came in 15 s", () => {
    vi.useFakeTimers();
    localStorage.setItem("languageIndex", "1");
    const wait = openPage();
    vi.advanceTimersByTime(14_999);
    expect(wait.querySelector("button")).toBeNull();
    vi.advanceTimersByTime(1);
    expect(wait.querySelector("span")?.textContent).toBe(
      translate("transport.slowNetwork", "zh-TW"),
    );
    expect(wait.querySelector("button")?.textContent).toBe(translate("common.retry", "zh-TW"));
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
