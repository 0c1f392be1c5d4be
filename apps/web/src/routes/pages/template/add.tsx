import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/pages/template/add")({
  staticData: { titleId: "template.add.title" },
  component: PagesTemplateAddPage,
});

function PagesTemplateAddPage() {
  return <main>/pages/template/add</main>;
}
