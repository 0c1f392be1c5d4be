import { createFileRoute } from "@tanstack/react-router";
import { currentUserQuery } from "../../../data/api-query";
import { homeContractsQuery } from "../../../features/home/home-contracts";
import { HomePage } from "../../../features/home/home-page";

export const Route = createFileRoute("/pages/index/index")({
  staticData: { titleId: "home.title", loadFailedId: "orderList.loadFailed" },
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    await queryClient.ensureQueryData(homeContractsQuery(user.role));
  },
  component: HomePage,
});
