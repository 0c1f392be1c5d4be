import { useSetAtom } from "jotai";
import { useState } from "react";
import { useApiMutation } from "../data/api-mutation";
import { signOutAtom } from "../state/storage";

/**
 * Logging out (docs/login.md#logout): the server revokes the session, then this phone forgets it
 * (token and login info; the language and the button position stay) and `then` leads on,
 * usually to login. `leaving` stays true until then.
 */
export function useLogOut() {
  const logout = useApiMutation("auth.logout");
  const signOut = useSetAtom(signOutAtom);
  const [leaving, setLeaving] = useState(false);
  const logOut = async (then: () => Promise<void>) => {
    setLeaving(true);
    try {
      await logout.mutateAsync({});
    } catch {
      // The session ends here either way; the server forgets it after its expiry at the latest.
    }
    signOut();
    await then();
  };
  return { logOut, leaving };
}
