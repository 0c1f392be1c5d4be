import { createFileRoute } from "@tanstack/react-router";
import { SignDetailPage } from "../../../features/signing/sign-detail-page";

export const Route = createFileRoute("/pages/loans/signDetail")({
  staticData: { titleId: "contract.signDetail.title" },
  validateSearch: (search: Record<string, unknown>): { id: string } => ({
    id: typeof search.id === "string" ? search.id : "",
  }),
  component: SignDetailRoute,
});

function SignDetailRoute() {
  const { id } = Route.useSearch();
  return <SignDetailPage id={id} />;
}
