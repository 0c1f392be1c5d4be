import { useStore } from "jotai";
import { useState } from "react";
import { useApiMutation } from "../data/api-mutation";
import { endingTokenAtom, signOutAtom, tokenAtom } from "../state/storage";

/**
 * Logging out (docs/login.md#logout): the server revokes the session, `then` leads on (usually
 * to login), and then this phone forgets the session (token and login info; the language and the
 * button position stay). In that order, no screen that needs the session is still open to read
 * again without it. `leaving` stays true until then.
 */
export function useLogOut() {
  const logout = useApiMutation("auth.logout");
  const store = useStore();
  const [leaving, setLeaving] = useState(false);
  const logOut = async (then: () => Promise<void>) => {
    setLeaving(true);
    // From now on a refusal of this session is the logout's own doing (src/session/app-api.ts).
    store.set(endingTokenAtom, store.get(tokenAtom));
    try {
      await logout.mutateAsync({});
    } catch {
      // The session ends here either way; the server forgets it after its expiry at the latest.
    }
    try {
      await then();
    } finally {
      store.set(signOutAtom);
      store.set(endingTokenAtom, null);
    }
  };
  return { logOut, leaving };
}
