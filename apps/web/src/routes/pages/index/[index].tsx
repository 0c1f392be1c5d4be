import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/index/index")({
  component: PagesIndexIndexPage,
});

function PagesIndexIndexPage() {
  return <main>/pages/index/index</main>;
}
