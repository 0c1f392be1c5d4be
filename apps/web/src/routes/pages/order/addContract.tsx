import { createFileRoute } from "@tanstack/react-router";
import { currentUserQuery, readsDone } from "../../../data/api-query";
import { CreateContractPage } from "../../../features/contracts/create-contract-page";

export const Route = createFileRoute("/pages/order/addContract")({
  staticData: { titleId: "contract.create.title" },
  loader: ({ context: { queryClient } }) =>
    readsDone(queryClient.ensureQueryData(currentUserQuery())),
  component: CreateContractPage,
});
