import type { SignatureData } from "@chayong/ui";
import {
  sessionScopedAtom,
  sessionStoredAtom,
  sessionStoredKeys,
} from "../../state/session-scoped";

/** The signature drawn on the canvas page, waiting on the sign page for 'confirm signing'. */
export interface PendingSignature {
  code: string;
  /** `data:image/png;base64,...` */
  dataUrl: string;
  /** The strokes, so 're-sign' can start from the drawing and undo it. */
  data: SignatureData;
  /**
   * Just saved on the canvas page: the sign page, coming back, brings its signature area into
   * view instead of opening at the top (then clears this).
   */
  justSaved?: boolean;
}

/** A signature read back from the tab's storage (after a reload) is one the canvas page made. */
function isPendingSignature(value: unknown): value is PendingSignature {
  const signature = value as PendingSignature | null;
  return (
    typeof signature === "object" &&
    signature !== null &&
    typeof signature.code === "string" &&
    typeof signature.dataUrl === "string" &&
    signature.dataUrl.startsWith("data:image/png;base64,") &&
    typeof signature.data === "object" &&
    signature.data !== null &&
    Array.isArray(signature.data.strokes)
  );
}

/**
 * Kept in the tab for a reload, for its own user only, like the contract draft
 * (docs/login.md#session-end-in-the-app): a borrower who drew his signature does not draw it
 * again because the phone reloaded the page.
 */
export const pendingSignatureAtom = sessionStoredAtom<PendingSignature | null>(
  sessionStoredKeys.pendingSignature,
  null,
  isPendingSignature,
);

/**
 * The share code whose contract the borrower ticked as read: kept while he draws his signature on
 * the canvas page, so coming back does not untick what he already confirmed.
 */
export const readConfirmedAtom = sessionScopedAtom<string | null>(null);
