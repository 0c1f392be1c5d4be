import { readCustomerService } from "@chayong/sdk";
import {
  FloatingServiceButton,
  type ServiceContact,
  storedServiceButtonPosition,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useAtom } from "jotai";
import { useState } from "react";
import { apiQuery } from "../data/api-query";
import { useLanguage } from "../language/language";
import { asTransportError } from "../session/error-catalogue";
import { serviceXAtom, serviceYAtom } from "../state/storage";

/** The contact as the kit shows it, or null when the operator has not set one up yet. */
function contactOf(answer: { extInfoJSON: string }): ServiceContact | null {
  const contact = readCustomerService(answer);
  if (!contact.line_img && !contact.line && !contact.line_url) return null;
  return {
    ...(contact.line_img ? { qrImageUrl: contact.line_img } : {}),
    ...(contact.line ? { accountId: contact.line } : {}),
    ...(contact.line_url ? { link: contact.line_url } : {}),
  };
}

/**
 * The floating language / customer-service button on every page (docs/service-button.md#what-it-opens): its position is
 * kept as serviceX / serviceY (side edge and fraction of the height; the pixels of older versions
 * are read and stored again in that form); the contact is fetched from the server (configKey 'line') when the
 * sheet first opens; a refusal shows the server's message (docs/errors.md#what-the-app-does).
 */
export function ServiceButton({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { _ } = useLingui();
  const { locale, choose } = useLanguage();
  const [x, setX] = useAtom(serviceXAtom);
  const [y, setY] = useAtom(serviceYAtom);
  const [opened, setOpened] = useState(false);
  const service = useQuery({
    ...apiQuery("config.service", { configKey: "line" }),
    enabled: opened,
    select: contactOf,
  });
  const failure = service.isError
    ? asTransportError(service.error)?.serverMessage || _("service.unavailable")
    : null;

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
        if (!open) return;
        setOpened(true);
        // Opened again after a failure: ask again.
        if (service.isError) void service.refetch();
      }}
      service={{
        title: _("service.title"),
        loading: service.isFetching,
        ...(failure !== null && !service.isFetching ? { error: failure } : {}),
        // Not set up by the operator yet (config:set-service): a neutral note, not an error.
        ...(service.data === null ? { empty: _("service.notConfigured") } : {}),
        ...(service.data ?? {}),
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
