import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/order/index")({
  staticData: { titleId: "orderList.title", tab: "order" },
  component: PagesOrderIndexPage,
});

function PagesOrderIndexPage() {
  return <main>/pages/order/index</main>;
}
