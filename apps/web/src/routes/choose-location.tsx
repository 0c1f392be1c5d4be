import { createFileRoute } from "@tanstack/react-router";
import { ChooseLocationPage } from "../features/location/choose-location-page";

// A location page the platform provides (docs/screens.md#location-pages): the detailed address from the device's position.
export const Route = createFileRoute("/choose-location")({
  staticData: { titleId: "location.choose.title" },
  component: ChooseLocationPage,
});
