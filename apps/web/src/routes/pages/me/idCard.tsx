import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../shell/coming-soon";

export const Route = createFileRoute("/pages/me/idCard")({
  staticData: { titleId: "idCard.title" },
  component: IdCardPage,
});

function IdCardPage() {
  return <ComingSoon titleId="idCard.title" />;
}
