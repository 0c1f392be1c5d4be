import { createFileRoute } from "@tanstack/react-router";
import { shareCodeSearchSchema } from "../../../app/route-search";
import { SignaturePage } from "../../../features/signing/signature-page";

export const Route = createFileRoute("/pages/loans/signature")({
  staticData: { titleId: "sign.borrowerSignature" },
  validateSearch: shareCodeSearchSchema,
  component: SignatureRoute,
});

function SignatureRoute() {
  const { code } = Route.useSearch();
  return <SignaturePage code={code} />;
}
