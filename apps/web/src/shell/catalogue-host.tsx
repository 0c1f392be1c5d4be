import { Modal, NetworkNotice, TimeoutModal } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useAtomValue } from "jotai";
import { useServices } from "../app/services";
import { catalogueModalAtom, slowRequestCountAtom } from "../session/error-catalogue";
import { connectionProblemAtom } from "./connectivity";

/** What the connection notice says of each problem (docs/errors.md#modals-and-notices). */
const connectionMessages = {
  offline: "app.offline",
  unreachable: "app.serverUnreachable",
} as const;

/** Shows what the error catalogue decided (docs/errors.md#what-the-app-does), in the active language. */
export function CatalogueHost() {
  const { _ } = useLingui();
  const { catalogue } = useServices();
  const modal = useAtomValue(catalogueModalAtom);
  const slow = useAtomValue(slowRequestCountAtom) > 0;
  const connection = useAtomValue(connectionProblemAtom);
  const confirm = () => catalogue.confirm();
  return (
    <>
      {/* No connection says more than 'slow': a request that cannot get out will not get faster. */}
      <NetworkNotice
        visible={connection !== null || slow}
        kind={connection !== null ? "offline" : "slow"}
        message={_(connection !== null ? connectionMessages[connection] : "transport.slowNetwork")}
      />
      <TimeoutModal
        open={modal?.kind === "timeout"}
        onConfirm={confirm}
        title={_("modal.timeout.title")}
        message={_("modal.timeout.text")}
        confirmLabel={_("modal.timeout.confirm")}
      />
      <Modal
        open={modal?.kind === "relogin" || modal?.kind === "tip"}
        onConfirm={confirm}
        title={_("modal.friendlyTip.title")}
        confirmLabel={_("common.confirm")}
      >
        {modal?.kind === "relogin"
          ? _("session.dataError")
          : modal?.kind === "tip"
            ? (modal.serverMessage ?? _(modal.messageKey, modal.values))
            : null}
      </Modal>
    </>
  );
}
