import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/login/index")({
  staticData: { titleId: "login.title" },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  component: LoginPage,
});

function LoginPage() {
  return <main>/pages/login/index</main>;
}
