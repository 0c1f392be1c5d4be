import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/me/index")({
  staticData: { titleId: "me.title", tab: "me" },
  component: PagesMeIndexPage,
});

function PagesMeIndexPage() {
  return <main>/pages/me/index</main>;
}
