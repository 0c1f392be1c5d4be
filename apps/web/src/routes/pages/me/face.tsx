import { createFileRoute } from "@tanstack/react-router";
import { apiQuery, readsDone } from "../../../data/api-query";
import { FacePage } from "../../../features/identity/face-page";
import { flowSearchSchema } from "../../../features/identity/verification-flow";

export const Route = createFileRoute("/pages/me/face")({
  staticData: { titleId: "verify.face.title" },
  validateSearch: flowSearchSchema,
  // Where the borrower stands (an earlier visit's face check or card); the page starts afresh
  // when it cannot be read.
  loader: ({ context: { queryClient } }) =>
    readsDone(queryClient.ensureQueryData(apiQuery("identity.userDetail")).catch(() => null)),
  component: FaceRoute,
});

function FaceRoute() {
  const { redirect } = Route.useSearch();
  return <FacePage redirect={redirect} />;
}
