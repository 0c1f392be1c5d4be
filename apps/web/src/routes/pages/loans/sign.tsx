import { createFileRoute } from "@tanstack/react-router";
import { SignPage } from "../../../features/signing/sign-page";

export const Route = createFileRoute("/pages/loans/sign")({
  staticData: { titleId: "sign.title" },
  validateSearch: (search: Record<string, unknown>): { code: string } => ({
    code: typeof search.code === "string" ? search.code : "",
  }),
  component: SignRoute,
});

function SignRoute() {
  const { code } = Route.useSearch();
  return <SignPage code={code} />;
}
