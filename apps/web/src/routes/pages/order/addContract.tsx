import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/order/addContract")({
  staticData: { titleId: "contract.create.title" },
  component: PagesOrderAddContractPage,
});

function PagesOrderAddContractPage() {
  return <main>/pages/order/addContract</main>;
}
