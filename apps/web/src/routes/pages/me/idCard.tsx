import { createFileRoute } from "@tanstack/react-router";
import { apiQuery, readsDone } from "../../../data/api-query";
import { IdCardPage } from "../../../features/identity/id-card-page";
import { flowSearchSchema } from "../../../features/identity/verification-flow";

export const Route = createFileRoute("/pages/me/idCard")({
  staticData: { titleId: "idCard.title" },
  validateSearch: flowSearchSchema,
  // Where the borrower stands (an earlier visit's face check or card); the page starts afresh
  // when it cannot be read.
  loader: ({ context: { queryClient } }) =>
    readsDone(queryClient.ensureQueryData(apiQuery("identity.userDetail")).catch(() => null)),
  component: IdCardRoute,
});

function IdCardRoute() {
  const { redirect } = Route.useSearch();
  return <IdCardPage redirect={redirect} />;
}
