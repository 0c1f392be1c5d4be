import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { OpenLocationPage } from "../features/location/open-location-page";
import { positionOf } from "../features/location/position";

/** A coordinate as the link wrote it (text or a number); `position.ts` reads it. */
const coordinate = v.fallback(v.optional(v.union([v.string(), v.number()])), undefined);

// A location page the platform provides (docs/screens.md#location-pages): a stored position opened in a map app. The
// search params are read by the page (position.ts stays out of the app's entry chunk).
export const Route = createFileRoute("/open-location")({
  staticData: { titleId: "location.open.title" },
  validateSearch: v.object({
    lat: coordinate,
    lng: coordinate,
    name: v.fallback(v.optional(v.pipe(v.string(), v.nonEmpty())), undefined),
  }),
  component: OpenLocationRoute,
});

function OpenLocationRoute() {
  const search = Route.useSearch();
  return <OpenLocationPage position={positionOf(search)} name={search.name} />;
}
