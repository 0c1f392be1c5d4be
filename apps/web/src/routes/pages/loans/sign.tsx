import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/loans/sign")({
  component: PagesLoansSignPage,
});

function PagesLoansSignPage() {
  return <main>/pages/loans/sign</main>;
}
