import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/loans/signDetail")({
  staticData: { titleId: "contract.signDetail.title" },
  component: PagesLoansSignDetailPage,
});

function PagesLoansSignDetailPage() {
  return <main>/pages/loans/signDetail</main>;
}
