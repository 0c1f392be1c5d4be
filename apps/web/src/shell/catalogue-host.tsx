import { Modal, NetworkNotice, TimeoutModal } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useAtomValue } from "jotai";
import { useServices } from "../app/services";
import { catalogueModalAtom, slowRequestCountAtom } from "../session/error-catalogue";

/** Shows what the error catalogue decided (spec §8), in the active language. */
export function CatalogueHost() {
  const { _ } = useLingui();
  const { catalogue } = useServices();
  const modal = useAtomValue(catalogueModalAtom);
  const slow = useAtomValue(slowRequestCountAtom) > 0;
  const confirm = () => catalogue.confirm();
  return (
    <>
      <NetworkNotice visible={slow} message={_("transport.slowNetwork")} />
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
