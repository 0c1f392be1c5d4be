import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../shell/coming-soon";

export const Route = createFileRoute("/pages/index/index")({
  staticData: { titleId: "home.title" },
  component: HomePage,
});

function HomePage() {
  return <ComingSoon titleId="home.title" />;
}
