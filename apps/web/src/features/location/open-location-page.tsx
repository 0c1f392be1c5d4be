import { PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useBack } from "../../session/use-back";
import { geoUri, type Position, webMapUrl } from "./position";

/**
 * /open-location?lat=...&lng=...: a stored position, opened in the phone's map app (a `geo:`
 * link) or on a maps website. There are no map tiles in this app.
 */
export function OpenLocationPage({ position, name }: { position: Position | null; name?: string }) {
  const { _, i18n } = useLingui();
  const back = useBack();
  const number = (value: number) =>
    value.toLocaleString(i18n.locale, { maximumFractionDigits: 6, minimumFractionDigits: 6 });
  return (
    <>
      <PageHeader title={_("location.open.title")} onBack={back} />
      <div className="page page--above-service location">
        {position ? (
          <>
            <section className="location__card">
              {name ? <h2 className="location__name">{name}</h2> : null}
              <p className="location__coordinates">
                {_("location.coordinates", {
                  lat: number(position.lat),
                  lng: number(position.lng),
                })}
              </p>
            </section>
            <div className="page__actions">
              <a
                className="cy-button cy-button--primary cy-button--lg cy-button--block"
                href={geoUri(position, name)}
              >
                {_("location.openInMapApp")}
              </a>
              <a
                className="cy-button cy-button--secondary cy-button--lg cy-button--block"
                href={webMapUrl(position)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {_("location.openInBrowser")}
              </a>
            </div>
          </>
        ) : (
          <p className="page__error" role="alert">
            {_("location.invalid")}
          </p>
        )}
      </div>
    </>
  );
}
