import * as v from "valibot";
import { safeRedirect } from "../../session/login-redirect";

/**
 * Identity verification (docs/identity.md): 1 the live face check, 2 the ID card page (photos,
 * personal details, two emergency contacts). A page that sends the borrower into it (the sign
 * page) passes `redirect`, the page to come back to once the ID card step succeeds; it travels
 * through both steps in the search params.
 *
 * History stays clean: the flow is entered with one push ([..., sign, face]), every move inside
 * it replaces (face -> ID card, ID card -> retake face -> ID card), and finishing goes back to
 * the page that sent the borrower when that page is the previous entry ([..., sign]), so one back
 * from there leaves to where the borrower came from (flow-history.ts; apart from this module,
 * which the routes' search validation keeps in the app's first chunk).
 */
export const facePath = "/pages/me/face";
export const idCardPath = "/pages/me/idCard";
/** Where a finished verification goes when nobody asked to come back anywhere. */
export const afterVerificationPath = "/pages/me/index";

export interface FlowSearch {
  redirect?: string;
  /**
   * The face page starts the camera afresh, even after a face check that went through. Read from
   * the location by the face page itself: flowSearchSchema runs in the app's first chunk.
   */
  retake?: boolean;
}

/** The search params of both steps: a `redirect` only when it is a page of this app. */
export const flowSearchSchema = v.object({
  redirect: v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.transform((path: string) => safeRedirect(path)),
      ),
    ),
    undefined,
  ),
});

/** The step to start from: the ID card when the face check is already done. */
export function firstStepFor(progress: { faceVerified: boolean }): string {
  return progress.faceVerified ? idCardPath : facePath;
}
