import { ConfirmDialog } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { type ShouldBlockFn, useBlocker, useRouter } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { entryPath } from "../../session/back";
import { firstAtom } from "../../state/storage";

/**
 * Back inside the verification flow (the header's back, or the phone's / browser's back) asks
 * first (docs/screens.md#verification-flow): 'Verification almost complete, do you want to log out?'. 'Continue
 * verification' stays; 'Give up and log out' sets the stored `first` flag, then goes back one
 * page, or to the order list when this was the first page opened.
 */
export function useLeaveVerification(): { askToLeave: () => void; leaveDialog: ReactNode } {
  const { _ } = useLingui();
  const router = useRouter();
  const setFirst = useSetAtom(firstAtom);
  const [asking, setAsking] = useState(false);
  const leaving = useRef(false);
  // Only a step back is asked about: the flow's own moves (to the next step, to choose a
  // location, back to the sign page) push or replace.
  const shouldBlockFn = useCallback<ShouldBlockFn>(
    ({ action }) => action === "BACK" && !leaving.current,
    [],
  );
  const blocker = useBlocker({ shouldBlockFn, withResolver: true, enableBeforeUnload: false });

  const stay = () => {
    setAsking(false);
    if (blocker.status === "blocked") blocker.reset();
  };
  const giveUp = () => {
    setFirst(true);
    leaving.current = true;
    setAsking(false);
    if (blocker.status === "blocked") {
      // The browser's back already happened; let it through.
      blocker.proceed();
    } else if (router.history.canGoBack()) {
      router.history.back({ ignoreBlocker: true });
    } else {
      void router.navigate({ to: entryPath, replace: true, ignoreBlocker: true });
    }
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
        onConfirm={giveUp}
        onCancel={stay}
      />
    ),
  };
}
