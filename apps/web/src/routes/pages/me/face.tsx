import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/me/face")({
  staticData: { titleId: "verify.face.title" },
  component: PagesMeFacePage,
});

function PagesMeFacePage() {
  return <main>/pages/me/face</main>;
}
