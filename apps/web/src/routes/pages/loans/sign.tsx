import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/loans/sign")({
  staticData: { titleId: "sign.title" },
  component: PagesLoansSignPage,
});

function PagesLoansSignPage() {
  return <main>/pages/loans/sign</main>;
}
