import { createFileRoute } from "@tanstack/react-router";
import { apiQuery, readsDone } from "../../../data/api-query";
import { BlockListPage } from "../../../features/customers/block-list-page";

export const Route = createFileRoute("/pages/me/blockList")({
  staticData: { titleId: "customer.blockList" },
  loader: ({ context: { queryClient } }) =>
    readsDone(queryClient.ensureQueryData(apiQuery("contract.blockList"))),
  component: BlockListPage,
});
