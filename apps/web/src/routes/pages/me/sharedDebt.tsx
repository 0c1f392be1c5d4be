import { createFileRoute } from "@tanstack/react-router";
import { SharedDebtPage } from "../../../features/customers/shared-debt-page";

export const Route = createFileRoute("/pages/me/sharedDebt")({
  staticData: { titleId: "sharedDebt.title" },
  // The create-contract form links here with the borrower's phone filled in.
  validateSearch: (search: Record<string, unknown>): { phone?: string } =>
    typeof search.phone === "string" && search.phone !== "" ? { phone: search.phone } : {},
  component: SharedDebtRoute,
});

function SharedDebtRoute() {
  const { phone } = Route.useSearch();
  return <SharedDebtPage initialPhone={phone ?? ""} />;
}
