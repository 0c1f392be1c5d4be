import { createFileRoute } from "@tanstack/react-router";
import { ContractDetailPage } from "../../../features/contracts/contract-detail-page";

export const Route = createFileRoute("/pages/order/common")({
  staticData: { titleId: "contract.detail.title" },
  validateSearch: (search: Record<string, unknown>): { id: string } => ({
    id: typeof search.id === "string" ? search.id : "",
  }),
  component: OrderCommonPage,
});

/** The shared contract view of the order list: here, the lender's contract details. */
function OrderCommonPage() {
  const { id } = Route.useSearch();
  return <ContractDetailPage id={id} />;
}
