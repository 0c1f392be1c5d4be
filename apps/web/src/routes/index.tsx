import { createFileRoute, redirect } from "@tanstack/react-router";

// '/' is an alias of the entry page (docs/screens.md#routes).
export const Route = createFileRoute("/")({
  beforeLoad: () => {
    throw redirect({ to: "/pages/order/index", replace: true });
  },
});
