import { createFileRoute } from "@tanstack/react-router";
import { contractIdSearchSchema } from "../../../app/route-search";
import { apiQuery, contractDocumentQuery, currentUserQuery } from "../../../data/api-query";
import { SignDetailPage } from "../../../features/signing/sign-detail-page";

export const Route = createFileRoute("/pages/loans/signDetail")({
  staticData: { titleId: "contract.signDetail.title", loadFailedId: "contract.notFound" },
  validateSearch: contractIdSearchSchema,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context: { queryClient, i18n }, deps: { id } }) => {
    const user = queryClient.ensureQueryData(currentUserQuery());
    if (id === "") return void (await user);
    const [, contract] = await Promise.all([
      user,
      queryClient.ensureQueryData(apiQuery("contract.detail", { id })),
    ]);
    // The document and, once signed, the ledger follow the contract on the page.
    void queryClient.prefetchQuery(contractDocumentQuery(id, i18n.locale));
    if (contract.signedAt !== null)
      void queryClient.prefetchQuery(apiQuery("contract.ledger", { id }));
  },
  component: SignDetailRoute,
});

function SignDetailRoute() {
  const { id } = Route.useSearch();
  return <SignDetailPage id={id} />;
}
