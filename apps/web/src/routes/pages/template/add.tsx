import { templateDraftSchema } from "@chayong/domain";
import { Button, PageHeader, useToast } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { createFileRoute } from "@tanstack/react-router";
import { useApiMutation } from "../../../data/api-mutation";
import { useDomainForm } from "../../../forms";
import { useBack } from "../../../session/use-back";

export const Route = createFileRoute("/pages/template/add")({
  staticData: { titleId: "template.add.title" },
  component: TemplateAddPage,
});

/** A contract template: template name, lender, merchant name, each required (docs/validation.md#templates). */
function TemplateAddPage() {
  const { _ } = useLingui();
  // Opened on its own (a reload, a bookmark), it belongs to the template list: the saved
  // template is shown there.
  const back = useBack("/pages/template/list");
  const toast = useToast();
  const addTemplate = useApiMutation("template.add");
  const { form, submit, message } = useDomainForm({
    defaultValues: { name: "", lender: "", merchantName: "" },
    request: templateDraftSchema,
    onSubmit: async (request) => {
      await addTemplate.mutateAsync(request);
      toast.show(_("template.add.success"));
      back();
    },
  });

  return (
    <>
      <PageHeader title={_("template.add.title")} onBack={back} />
      <form className="page" onSubmit={submit} noValidate>
        <form.AppField name="name">
          {(field) => <field.TextField label={_("template.name")} maxLength={100} required />}
        </form.AppField>
        <form.AppField name="lender">
          {(field) => <field.TextField label={_("template.lender")} maxLength={100} required />}
        </form.AppField>
        <form.AppField name="merchantName">
          {(field) => (
            <field.TextField label={_("template.merchantName")} maxLength={100} required />
          )}
        </form.AppField>
        {message ? <p className="page__error">{message}</p> : null}
        <div className="page__actions">
          <Button
            type="submit"
            size="lg"
            block
            loading={addTemplate.isPending || addTemplate.isSuccess}
          >
            {_("common.save")}
          </Button>
        </div>
      </form>
    </>
  );
}
