import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/index/index")({
  staticData: { titleId: "home.title" },
  component: PagesIndexIndexPage,
});

function PagesIndexIndexPage() {
  return <main>/pages/index/index</main>;
}
