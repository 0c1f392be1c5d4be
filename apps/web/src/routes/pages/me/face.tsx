import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/me/face")({
  component: PagesMeFacePage,
});

function PagesMeFacePage() {
  return <main>/pages/me/face</main>;
}
