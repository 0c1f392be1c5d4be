import { ConfirmDialog } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { type ShouldBlockFn, useBlocker, useRouter } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { entryPath } from "../../session/back";
import { useLogOut } from "../../session/use-log-out";
import { clearStorageAtom, firstAtom } from "../../state/storage";

/**
 * Back inside the verification flow (the header's back, or the phone's / browser's back) asks
 * first (docs/screens.md#verification-flow): 'Verification almost complete, do you want to log out?'. 'Continue
 * verification' stays; 'Give up and log out' does what it says (docs/screens.md#verification-flow):
 * the server ends the session, storage is cleared as on a 301, the stored `first` flag is set,
 * then it goes back one page, or to the order list when this was the first page opened (without
 * a session, both lead to login).
 */
export function useLeaveVerification(): { askToLeave: () => void; leaveDialog: ReactNode } {
  const { _ } = useLingui();
  const router = useRouter();
  const setFirst = useSetAtom(firstAtom);
  const clearStorage = useSetAtom(clearStorageAtom);
  const { logOut, leaving: loggingOut } = useLogOut();
  const [asking, setAsking] = useState(false);
  const givingUp = useRef(false);
  // Only a step back is asked about: the flow's own moves (to the next step, to choose a
  // location, back to the sign page) push or replace.
  const shouldBlockFn = useCallback<ShouldBlockFn>(
    ({ action }) => action === "BACK" && !givingUp.current,
    [],
  );
  const blocker = useBlocker({ shouldBlockFn, withResolver: true, enableBeforeUnload: false });

  const stay = () => {
    setAsking(false);
    if (blocker.status === "blocked") blocker.reset();
  };
  const giveUp = async () => {
    givingUp.current = true;
    // The logout every screen uses (src/session/use-log-out.ts); here the phone forgets more
    // than the session, before it leaves: the pages it goes back to must not find one.
    await logOut(async () => {
      clearStorage();
      setFirst(true);
      setAsking(false);
      if (blocker.status === "blocked") {
        // The browser's back already happened; let it through.
        blocker.proceed();
      } else if (router.history.canGoBack()) {
        router.history.back({ ignoreBlocker: true });
      } else {
        await router.navigate({ to: entryPath, replace: true, ignoreBlocker: true });
      }
    });
  };

  return {
    askToLeave: () => setAsking(true),
    leaveDialog: (
      <ConfirmDialog
        open={asking || blocker.status === "blocked"}
        title={_("verify.leave.message")}
        confirmLabel={_("verify.leave.giveUp")}
        cancelLabel={_("verify.leave.continue")}
        destructive
        confirming={loggingOut}
        onConfirm={() => void giveUp()}
        onCancel={stay}
      />
    ),
  };
}
