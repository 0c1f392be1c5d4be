/** Pages anyone may open without a session. */
export const publicPaths: ReadonlySet<string> = new Set([
  "/pages/login/index",
  "/choose-location",
  "/open-location",
  // Checking a contract PDF: for anyone it was handed to (docs/contract-pdf.md, "Verifying").
  "/pages/verify",
]);

export const loginPath = "/pages/login/index";

/**
 * Where to go after login: the page the user wanted (e.g. a contract share link), if it is a
 * path inside this app; never another site and never the login page itself.
 */
export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) {
    return undefined;
  }
  if (target.startsWith(loginPath)) return undefined;
  return target;
}

/** Why the app sent the user to login, when it was not his own choice (the login page says it). */
export type LoginReason = "expired";

/**
 * Sends the user to login, replacing this page; after login they come back here. With a reason,
 * the login page says why he is there: a session that ended is never a silent jump to login.
 */
export function goToLogin(
  router: {
    latestLocation: { pathname: string; href: string };
    navigate: (options: {
      to: typeof loginPath;
      search: { redirect?: string; reason?: LoginReason };
      replace: boolean;
    }) => Promise<void>;
  },
  reason?: LoginReason,
): void {
  const { pathname, href } = router.latestLocation;
  if (pathname === loginPath) return;
  const redirect = safeRedirect(href);
  void router.navigate({
    to: loginPath,
    search: { ...(redirect ? { redirect } : {}), ...(reason ? { reason } : {}) },
    replace: true,
  });
}
