import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/open-location")({
  component: OpenLocationPage,
});

function OpenLocationPage() {
  return <main>/open-location</main>;
}
