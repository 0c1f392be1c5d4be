import { safeRedirect } from "../../session/login-redirect";

/**
 * Identity verification (docs/identity.md): 1 the live face check, 2 the ID card page (photos,
 * personal details, two emergency contacts). A page that sends the borrower into it (the sign
 * page) passes `redirect`, the page to come back to once the ID card step succeeds; it travels
 * through both steps in the search params.
 */
export const facePath = "/pages/me/face";
export const idCardPath = "/pages/me/idCard";
/** Where a finished verification goes when nobody asked to come back anywhere. */
export const afterVerificationPath = "/pages/me/index";

export interface FlowSearch {
  redirect?: string;
}

/** The search params of both steps: a `redirect` only when it is a page of this app. */
export function validateFlowSearch(search: Record<string, unknown>): FlowSearch {
  const redirect = safeRedirect(search.redirect);
  return redirect ? { redirect } : {};
}

/** The step to start from: the ID card when the face check is already done. */
export function firstStepFor(progress: { faceVerified: boolean }): string {
  return progress.faceVerified ? idCardPath : facePath;
}
