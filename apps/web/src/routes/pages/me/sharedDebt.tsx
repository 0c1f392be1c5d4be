import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { currentUserQuery, readsDone } from "../../../data/api-query";
import { SharedDebtPage } from "../../../features/customers/shared-debt-page";

export const Route = createFileRoute("/pages/me/sharedDebt")({
  staticData: { titleId: "sharedDebt.title" },
  // The create-contract form links here with the borrower's phone filled in.
  validateSearch: v.object({ phone: v.fallback(v.optional(v.string()), undefined) }),
  loader: ({ context: { queryClient } }) =>
    readsDone(queryClient.ensureQueryData(currentUserQuery())),
  component: SharedDebtRoute,
});

function SharedDebtRoute() {
  const { phone } = Route.useSearch();
  return <SharedDebtPage initialPhone={phone ?? ""} />;
}
