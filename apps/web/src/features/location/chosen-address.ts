import { sessionScopedAtom } from "../../state/session-scoped";

/**
 * The detailed address the borrower confirmed on /choose-location, waiting for the ID card page
 * to take it into its form (read once, like a chosen template).
 */
export const chosenAddressAtom = sessionScopedAtom<string | null>(null);
