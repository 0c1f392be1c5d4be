import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/me/idCard")({
  staticData: { titleId: "idCard.title" },
  component: PagesMeIdCardPage,
});

function PagesMeIdCardPage() {
  return <main>/pages/me/idCard</main>;
}
