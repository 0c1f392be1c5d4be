import { createFileRoute } from "@tanstack/react-router";
import { SignaturePage } from "../../../features/signing/signature-page";

export const Route = createFileRoute("/pages/loans/signature")({
  staticData: { titleId: "sign.borrowerSignature" },
  validateSearch: (search: Record<string, unknown>): { code: string } => ({
    code: typeof search.code === "string" ? search.code : "",
  }),
  component: SignatureRoute,
});

function SignatureRoute() {
  const { code } = Route.useSearch();
  return <SignaturePage code={code} />;
}
