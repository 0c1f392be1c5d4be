import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/order/index")({
  component: PagesOrderIndexPage,
});

function PagesOrderIndexPage() {
  return <main>/pages/order/index</main>;
}
