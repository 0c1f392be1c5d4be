import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/loans/signature")({
  staticData: { titleId: "sign.borrowerSignature" },
  component: PagesLoansSignaturePage,
});

function PagesLoansSignaturePage() {
  return <main>/pages/loans/signature</main>;
}
