import { createFileRoute } from "@tanstack/react-router";
import { BlockListPage } from "../../../features/customers/block-list-page";

export const Route = createFileRoute("/pages/me/blockList")({
  staticData: { titleId: "customer.blockList" },
  component: BlockListPage,
});
