import { createFileRoute } from "@tanstack/react-router";
import { apiQuery, currentUserQuery, readsDone } from "../../../data/api-query";
import { OfflineLoansPage } from "../../../features/customers/offline-loans-page";

export const Route = createFileRoute("/pages/me/offlineLoans")({
  staticData: { titleId: "offlineLoan.mine" },
  loader: ({ context: { queryClient } }) =>
    readsDone(
      queryClient.ensureQueryData(currentUserQuery()),
      queryClient.ensureQueryData(apiQuery("contract.offlineLoanList")),
    ),
  component: OfflineLoansPage,
});
