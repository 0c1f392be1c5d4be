import { idCardAddressSchema } from "@chayong/domain";
import { Button, PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useAtomValue, useSetAtom } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { useDomainForm } from "../../forms";
import { useBack } from "../../session/use-back";
import { locationFlagAtom } from "../../state/storage";
import { idCardFormAtom } from "../identity/id-card-store";
import { idCardPath } from "../identity/verification-flow";
import { chosenAddressAtom } from "./chosen-address";
import { coordinatesText, geoUri, type Position } from "./position";

/** The address by the rule of the ID card's request, where it goes (docs/validation.md#id-card-page). */
const chosenAddressSchema = v.object({ address: idCardAddressSchema });

type Locating =
  | { status: "locating" }
  | { status: "located"; position: Position; accuracy: number }
  | { status: "unsupported" | "denied" | "unavailable" };

/**
 * /choose-location: the detailed address from the device's position. There are no map tiles and
 * no address lookup (geocoding) service, so the page shows the position's coordinates and the
 * address text, which the borrower confirms or edits; an empty address starts as the
 * coordinates. Without a position (refused, unsupported) the borrower types the address. Confirm
 * goes back to the ID card page with the address filled in.
 */
export function ChooseLocationPage() {
  const { _, i18n } = useLingui();
  const back = useBack();
  const router = useRouter();
  const navigate = useNavigate();
  const current = useAtomValue(idCardFormAtom)?.address ?? "";
  const setChosen = useSetAtom(chosenAddressAtom);
  const setLocationFlag = useSetAtom(locationFlagAtom);
  const { form, submit } = useDomainForm({
    defaultValues: { address: current },
    request: chosenAddressSchema,
    onSubmit: ({ address }) => {
      setChosen(address);
      if (router.history.canGoBack()) router.history.back();
      else void navigate({ to: idCardPath, replace: true });
    },
  });
  const [locating, setLocating] = useState<Locating>({ status: "locating" });
  const mounted = useRef(true);

  const locate = useCallback(() => {
    const geolocation = globalThis.navigator?.geolocation;
    if (!geolocation) {
      setLocating({ status: "unsupported" });
      return;
    }
    setLocating({ status: "locating" });
    geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!mounted.current) return;
        const position = { lat: coords.latitude, lng: coords.longitude };
        setLocating({ status: "located", position, accuracy: coords.accuracy });
        setLocationFlag(true);
        if (form.state.values.address.trim() === "") {
          form.setFieldValue("address", coordinatesText(position));
        }
      },
      (problem) => {
        if (!mounted.current) return;
        setLocating({
          status: problem.code === problem.PERMISSION_DENIED ? "denied" : "unavailable",
        });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, [setLocationFlag, form]);

  useEffect(() => {
    mounted.current = true;
    locate();
    return () => {
      mounted.current = false;
    };
  }, [locate]);

  const number = (value: number, digits: number) =>
    value.toLocaleString(i18n.locale, {
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    });

  return (
    <>
      <PageHeader title={_("location.choose.title")} onBack={back} />
      <form className="page page--above-service location" onSubmit={submit} noValidate>
        <section className="location__card" aria-live="polite">
          {locating.status === "locating" ? (
            <>
              <p className="page__note">{_("location.locating")}</p>
              <progress className="location__progress" aria-label={_("location.locating")} />
            </>
          ) : null}
          {locating.status === "located" ? (
            <>
              <p className="location__coordinates">
                {_("location.coordinates", {
                  lat: number(locating.position.lat, 6),
                  lng: number(locating.position.lng, 6),
                })}
              </p>
              <p className="page__note">
                {_("location.accuracy", { meters: number(Math.round(locating.accuracy), 0) })}
              </p>
              <a className="location__link" href={geoUri(locating.position)}>
                {_("location.openInMapApp")}
              </a>
              {/* No address lookup: the coordinates are the address until he writes it. */}
              <p className="page__note">{_("location.noMapHint")}</p>
            </>
          ) : null}
          {locating.status === "unsupported" ? (
            <p className="page__error" role="alert">
              {_("page.geolocationUnsupported")}
            </p>
          ) : null}
          {locating.status === "denied" || locating.status === "unavailable" ? (
            <p className="page__error" role="alert">
              {_(locating.status === "denied" ? "location.denied" : "location.unavailable")}
            </p>
          ) : null}
          {locating.status !== "locating" && locating.status !== "unsupported" ? (
            <Button variant="secondary" onClick={locate}>
              {_("location.useCurrent")}
            </Button>
          ) : null}
        </section>
        <form.AppField name="address">
          {(field) => (
            <field.TextField
              label={_("identity.address")}
              maxLength={200}
              autoComplete="street-address"
              required
            />
          )}
        </form.AppField>
        <div className="page__actions">
          <Button type="submit" size="lg" block>
            {_("common.confirm")}
          </Button>
        </div>
      </form>
    </>
  );
}
