import { createFileRoute } from "@tanstack/react-router";
import { contractIdSearchSchema } from "../../../app/route-search";
import { apiQuery, currentUserQuery } from "../../../data/api-query";
import { ContractDetailPage } from "../../../features/contracts/contract-detail-page";

export const Route = createFileRoute("/pages/order/common")({
  staticData: { titleId: "contract.detail.title", loadFailedId: "contract.notFound" },
  validateSearch: contractIdSearchSchema,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context: { queryClient }, deps: { id } }) => {
    const user = queryClient.ensureQueryData(currentUserQuery());
    if (id === "") return void (await user);
    const [, contract] = await Promise.all([
      user,
      queryClient.ensureQueryData(apiQuery("contract.detail", { id })),
    ]);
    // A signed contract shows its ledger too: asked now, beside the page's code.
    if (contract.signedAt !== null)
      void queryClient.prefetchQuery(apiQuery("contract.ledger", { id }));
  },
  component: OrderCommonPage,
});

/** The shared contract view of the order list: here, the lender's contract details. */
function OrderCommonPage() {
  const { id } = Route.useSearch();
  return <ContractDetailPage id={id} />;
}
