import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/login/index")({
  component: PagesLoginIndexPage,
});

function PagesLoginIndexPage() {
  return <main>/pages/login/index</main>;
}
