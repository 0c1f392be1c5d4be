import { Button } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useAtom } from "jotai";
import { useState } from "react";
import { appUpdateAtom } from "./app-update-state";
import "./app-update-prompt.css";

/**
 * 'A new version is ready — reload'. Later (or ignoring it) keeps this version until the app is
 * next opened, when the new one takes over by itself.
 */
export function AppUpdatePrompt() {
  const { _ } = useLingui();
  const [update, setUpdate] = useAtom(appUpdateAtom);
  const [reloading, setReloading] = useState(false);
  return (
    <div className="app-update" role="status" aria-live="polite">
      {update ? (
        <div className="app-update__bar">
          <span className="app-update__text">{_("app.update.ready")}</span>
          <span className="app-update__actions">
            <Button variant="ghost" onClick={() => setUpdate(null)}>
              {_("app.update.later")}
            </Button>
            <Button
              disabled={reloading}
              onClick={() => {
                setReloading(true);
                // The waiting version takes control, then the page reloads into it.
                void update.reload();
              }}
            >
              {_("app.update.reload")}
            </Button>
          </span>
        </div>
      ) : null}
    </div>
  );
}
