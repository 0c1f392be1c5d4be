import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/template/list")({
  staticData: { titleId: "template.list.title" },
  component: PagesTemplateListPage,
});

function PagesTemplateListPage() {
  return <main>/pages/template/list</main>;
}
