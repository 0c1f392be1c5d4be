import { createFileRoute } from "@tanstack/react-router";
import { OpenLocationPage } from "../features/location/open-location-page";
import { positionOf } from "../features/location/position";

type OpenLocationSearch = { lat?: string | number; lng?: string | number; name?: string };

// A location page the platform provides (docs/screens.md#location-pages): a stored position opened in a map app. The
// search params are read by the page (position.ts stays out of the app's entry chunk).
export const Route = createFileRoute("/open-location")({
  staticData: { titleId: "location.open.title" },
  validateSearch: (search: Record<string, unknown>): OpenLocationSearch => {
    const kept: OpenLocationSearch = {};
    for (const key of ["lat", "lng"] as const) {
      const value = search[key];
      if (typeof value === "string" || typeof value === "number") kept[key] = value;
    }
    if (typeof search.name === "string" && search.name !== "") kept.name = search.name;
    return kept;
  },
  component: OpenLocationRoute,
});

function OpenLocationRoute() {
  const search = Route.useSearch();
  return <OpenLocationPage position={positionOf(search)} name={search.name} />;
}
