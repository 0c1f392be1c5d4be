import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../shell/coming-soon";

// A location page the platform provides (spec §2); its content is not part of this app yet.
export const Route = createFileRoute("/choose-location")({
  component: () => <ComingSoon titleId="app.title" />,
});
