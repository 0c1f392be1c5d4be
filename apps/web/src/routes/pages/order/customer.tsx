import { createFileRoute } from "@tanstack/react-router";
import { contractIdSearchSchema } from "../../../app/route-search";
import { apiQuery, readsDone } from "../../../data/api-query";
import { CustomerPage } from "../../../features/customers/customer-page";

export const Route = createFileRoute("/pages/order/customer")({
  staticData: { titleId: "customer.title" },
  validateSearch: contractIdSearchSchema,
  loaderDeps: ({ search }) => ({ id: search.id }),
  // Read each time the page opens: the image addresses are signed for 15 minutes.
  loader: ({ context: { queryClient }, deps: { id } }) =>
    readsDone(id === "" ? null : queryClient.fetchQuery(apiQuery("contract.userDetails", { id }))),
  component: OrderCustomerPage,
});

/** The borrower of contract `id`, as its lender sees them (docs/screens.md#contract-list-actions). */
function OrderCustomerPage() {
  const { id } = Route.useSearch();
  return <CustomerPage contractId={id} />;
}
