import { createFileRoute } from "@tanstack/react-router";
import { FacePage } from "../../../features/identity/face-page";
import { validateFlowSearch } from "../../../features/identity/verification-flow";

export const Route = createFileRoute("/pages/me/face")({
  staticData: { titleId: "verify.face.title" },
  validateSearch: validateFlowSearch,
  component: FaceRoute,
});

function FaceRoute() {
  const { redirect } = Route.useSearch();
  return <FacePage redirect={redirect} />;
}
