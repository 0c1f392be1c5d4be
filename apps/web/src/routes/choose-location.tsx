import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/choose-location")({
  component: ChooseLocationPage,
});

function ChooseLocationPage() {
  return <main>/choose-location</main>;
}
