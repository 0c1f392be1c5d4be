import { createFileRoute } from "@tanstack/react-router";
import { CustomerPage } from "../../../features/customers/customer-page";

export const Route = createFileRoute("/pages/order/customer")({
  staticData: { titleId: "customer.title" },
  validateSearch: (search: Record<string, unknown>): { id: string } => ({
    id: typeof search.id === "string" ? search.id : "",
  }),
  component: OrderCustomerPage,
});

/** The borrower of contract `id`, as its lender sees them (docs/screens.md#contract-list-actions contract list actions). */
function OrderCustomerPage() {
  const { id } = Route.useSearch();
  return <CustomerPage contractId={id} />;
}
