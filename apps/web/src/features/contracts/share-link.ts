import { copyToClipboard } from "@chayong/ui";

export type ShareOutcome = "shared" | "copied" | "cancelled" | "failed";

export interface SharedLink {
  title: string;
  text: string;
  url: string;
}

/**
 * Shares a contract link the way phones share (docs/screens.md, "Sharing a contract"): the
 * system share sheet where there is one (KakaoTalk, LINE and the other messengers appear in it),
 * else the clipboard. Closing the share sheet is not a failure and copies nothing.
 */
export async function shareLink(
  link: SharedLink,
  copy: (text: string) => Promise<boolean> = copyToClipboard,
): Promise<ShareOutcome> {
  const browser = globalThis.navigator as Navigator | undefined;
  if (typeof browser?.share === "function" && (browser.canShare?.(link) ?? true)) {
    try {
      await browser.share(link);
      return "shared";
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") return "cancelled";
      // Refused (no user gesture, a policy): the clipboard still works.
    }
  }
  return (await copy(link.url)) ? "copied" : "failed";
}

/** Whether this browser has a share sheet (else the share button copies). */
export function canShareLinks(): boolean {
  return typeof globalThis.navigator?.share === "function";
}
