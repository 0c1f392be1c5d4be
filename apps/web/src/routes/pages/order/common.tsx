import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/order/common")({
  staticData: { titleId: "contract.detail.title" },
  component: PagesOrderCommonPage,
});

function PagesOrderCommonPage() {
  return <main>/pages/order/common</main>;
}
