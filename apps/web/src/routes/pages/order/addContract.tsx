import { createFileRoute } from "@tanstack/react-router";
import { CreateContractPage } from "../../../features/contracts/create-contract-page";

export const Route = createFileRoute("/pages/order/addContract")({
  staticData: { titleId: "contract.create.title" },
  component: CreateContractPage,
});
