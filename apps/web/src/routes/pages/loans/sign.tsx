import { createFileRoute } from "@tanstack/react-router";
import { shareCodeSearchSchema } from "../../../app/route-search";
import { apiQuery, contractDocumentQuery, currentUserQuery } from "../../../data/api-query";
import { SignPage, SignPageFailure } from "../../../features/signing/sign-page";

export const Route = createFileRoute("/pages/loans/sign")({
  staticData: { titleId: "sign.title" },
  validateSearch: shareCodeSearchSchema,
  loaderDeps: ({ search }) => ({ code: search.code }),
  loader: async ({ context: { queryClient, i18n }, deps: { code } }) => {
    const userRead = queryClient.ensureQueryData(currentUserQuery());
    const contract = await queryClient
      .ensureQueryData(apiQuery("contract.open", { code }))
      .catch(async (error: unknown) => {
        // What the refusal page says depends on who asked (a lender's account): known before it
        // shows, so it never shows one answer and then another.
        await userRead.catch(() => null);
        throw error;
      });
    const user = await userRead;
    void queryClient.prefetchQuery(contractDocumentQuery(contract.id, i18n.locale));
    // Whether the borrower may sign yet (verified), before the page shows its signing area. When
    // it cannot be read, the server's refusal to sign says so (and leads into the flow).
    if (user.role === "borrower") {
      await queryClient.ensureQueryData(apiQuery("identity.userDetail")).catch(() => null);
    }
  },
  component: SignRoute,
  errorComponent: SignPageFailure,
});

function SignRoute() {
  const { code } = Route.useSearch();
  return <SignPage code={code} />;
}
