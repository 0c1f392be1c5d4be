import { createFileRoute } from "@tanstack/react-router";
import { OfflineLoansPage } from "../../../features/customers/offline-loans-page";

export const Route = createFileRoute("/pages/me/offlineLoans")({
  staticData: { titleId: "offlineLoan.mine" },
  component: OfflineLoansPage,
});
