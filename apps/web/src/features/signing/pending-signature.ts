import type { SignatureData } from "@chayong/ui";
import { sessionScopedAtom } from "../../state/session-scoped";

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

export const pendingSignatureAtom = sessionScopedAtom<PendingSignature | null>(null);

/**
 * The share code whose contract the borrower ticked as read: kept while he draws his signature on
 * the canvas page, so coming back does not untick what he already confirmed.
 */
export const readConfirmedAtom = sessionScopedAtom<string | null>(null);
