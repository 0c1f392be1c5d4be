import {
  FloatingServiceButton,
  type ServiceContact,
  storedServiceButtonPosition,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useAtom } from "jotai";
import { useState } from "react";
import { useApi } from "../app/services";
import { useLanguage } from "../language/language";
import { asTransportError } from "../session/error-catalogue";
import { serviceXAtom, serviceYAtom } from "../state/storage";

type ServiceState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; contact: ServiceContact }
  | { status: "failed"; message: string }
  | { status: "empty" };

/**
 * The floating language / customer-service button on every page (docs/service-button.md#what-it-opens): its position is
 * kept as serviceX / serviceY (side edge and fraction of the height; the pixels of older versions
 * are read and stored again in that form); the contact is fetched from the server (configKey 'line') when the
 * sheet first opens; a refusal shows the server's message (docs/errors.md#what-the-app-does).
 */
export function ServiceButton({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { _ } = useLingui();
  const api = useApi();
  const { locale, choose } = useLanguage();
  const [x, setX] = useAtom(serviceXAtom);
  const [y, setY] = useAtom(serviceYAtom);
  const [service, setService] = useState<ServiceState>({ status: "idle" });

  const load = async () => {
    setService({ status: "loading" });
    try {
      const answer = await api.config.service({ configKey: "line" });
      const { readCustomerService } = await import("@chayong/sdk");
      const contact = readCustomerService(answer);
      if (!contact.line_img && !contact.line && !contact.line_url) {
        // Not set up by the operator yet (config:set-service): a neutral note, not an error.
        setService({ status: "empty" });
        return;
      }
      setService({
        status: "ready",
        contact: {
          ...(contact.line_img ? { qrImageUrl: contact.line_img } : {}),
          ...(contact.line ? { accountId: contact.line } : {}),
          ...(contact.line_url ? { link: contact.line_url } : {}),
        },
      });
    } catch (error) {
      const message = asTransportError(error)?.serverMessage || _("service.unavailable");
      setService({ status: "failed", message });
    }
  };

  return (
    <FloatingServiceButton
      initialPosition={storedServiceButtonPosition(x, y)}
      onPositionChange={(anchor) => {
        setX(anchor.side);
        setY(anchor.fraction);
      }}
      locale={locale}
      onLocaleChange={choose}
      label={_("service.open")}
      insets={{ top: 8, right: 8, left: 8, bottom: aboveTabBar ? 64 : 8 }}
      onOpenChange={(open) => {
        if (open && (service.status === "idle" || service.status === "failed")) void load();
      }}
      service={{
        title: _("service.title"),
        loading: service.status === "loading",
        ...(service.status === "failed" ? { error: service.message } : {}),
        ...(service.status === "empty" ? { empty: _("service.notConfigured") } : {}),
        ...(service.status === "ready" ? service.contact : {}),
        copiedMessage: _("common.copied"),
        labels: {
          qr: _("service.qr"),
          account: _("service.account"),
          link: _("service.link"),
          copy: _("common.copy"),
        },
      }}
    />
  );
}
