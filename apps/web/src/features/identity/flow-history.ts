import type { AnyRouter } from "@tanstack/react-router";
import { safeRedirect } from "../../session/login-redirect";
import { afterVerificationPath, type FlowSearch, firstStepFor } from "./verification-flow";

// Entering and leaving the verification flow with a clean history (verification-flow.ts).

/** The page that entered the flow, and its place in the tab's history (survives a reload). */
interface FlowEntry {
  redirect: string;
  index: number;
}

const flowEntryKey = "verificationEntry";

type FlowRouter = Pick<AnyRouter, "history" | "latestLocation" | "navigate">;

function historyIndex(router: FlowRouter): number | undefined {
  const index = (router.history.location.state as { __TSR_index?: unknown } | undefined)
    ?.__TSR_index;
  return typeof index === "number" ? index : undefined;
}

function readFlowEntry(): FlowEntry | null {
  try {
    const entry = JSON.parse(
      globalThis.sessionStorage?.getItem(flowEntryKey) ?? "null",
    ) as Partial<FlowEntry> | null;
    return typeof entry?.redirect === "string" && typeof entry.index === "number"
      ? { redirect: entry.redirect, index: entry.index }
      : null;
  } catch {
    return null;
  }
}

function forgetFlowEntry(): void {
  try {
    globalThis.sessionStorage?.removeItem(flowEntryKey);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/**
 * Sends the borrower from this page into the flow (one push), at the step not done yet; the
 * flow comes back here afterwards.
 */
export function enterVerification(
  router: FlowRouter,
  progress: { faceVerified: boolean },
): Promise<void> {
  const redirect = safeRedirect(router.latestLocation.href);
  const index = historyIndex(router);
  try {
    if (redirect && index !== undefined) {
      globalThis.sessionStorage?.setItem(flowEntryKey, JSON.stringify({ redirect, index }));
    } else {
      forgetFlowEntry();
    }
  } catch {
    // Storage unavailable: finishing replaces instead of going back.
  }
  return router.navigate({
    to: firstStepFor(progress),
    search: redirect ? { redirect } : {},
  });
}

/**
 * Leaves the finished flow for `redirect` (or the 'me' page): back in history when the page
 * that entered the flow is the previous entry, else in place of the current page.
 */
export function finishVerification(router: FlowRouter, redirect: string | undefined): void {
  const entry = readFlowEntry();
  forgetFlowEntry();
  const index = historyIndex(router);
  if (
    redirect !== undefined &&
    entry?.redirect === redirect &&
    index !== undefined &&
    entry.index === index - 1
  ) {
    router.history.back({ ignoreBlocker: true });
    return;
  }
  void router.navigate({ href: redirect ?? afterVerificationPath, replace: true });
}

/** A step's search params: the way back, and the retake flag when set. */
export function flowSearch(redirect: string | undefined, retake = false): FlowSearch {
  return { ...(redirect ? { redirect } : {}), ...(retake ? { retake: true } : {}) };
}
