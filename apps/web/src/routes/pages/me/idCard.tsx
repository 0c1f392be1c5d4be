import { createFileRoute } from "@tanstack/react-router";
import { IdCardPage } from "../../../features/identity/id-card-page";
import { validateFlowSearch } from "../../../features/identity/verification-flow";

export const Route = createFileRoute("/pages/me/idCard")({
  staticData: { titleId: "idCard.title" },
  validateSearch: validateFlowSearch,
  component: IdCardRoute,
});

function IdCardRoute() {
  const { redirect } = Route.useSearch();
  return <IdCardPage redirect={redirect} />;
}
