import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../shell/coming-soon";

export const Route = createFileRoute("/pages/me/face")({
  staticData: { titleId: "verify.face.title" },
  component: FacePage,
});

function FacePage() {
  return <ComingSoon titleId="verify.face.title" />;
}
