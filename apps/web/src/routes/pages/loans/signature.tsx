import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/loans/signature")({
  component: PagesLoansSignaturePage,
});

function PagesLoansSignaturePage() {
  return <main>/pages/loans/signature</main>;
}
