import { Button, PageHeader, TextField, useToast } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { createFileRoute } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useApiMutation } from "../../../data/api-mutation";
import { screenMessage } from "../../../session/screen-message";
import { useBack } from "../../../session/use-back";

export const Route = createFileRoute("/pages/template/add")({
  staticData: { titleId: "template.add.title" },
  component: TemplateAddPage,
});

type Field = "name" | "lender" | "merchantName";

const requiredKeys: Record<Field, string> = {
  name: "template.name.required",
  lender: "template.lender.required",
  merchantName: "template.merchantName.required",
};

/** A contract template: template name, lender, merchant name, each required (docs/validation.md#templates). */
function TemplateAddPage() {
  const { _ } = useLingui();
  const back = useBack();
  const toast = useToast();
  const [values, setValues] = useState<Record<Field, string>>({
    name: "",
    lender: "",
    merchantName: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const addTemplate = useApiMutation("template.add");

  const field = (name: Field, labelId: string) => (
    <TextField
      label={_(labelId)}
      name={name}
      value={values[name]}
      maxLength={100}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
      error={errors[name]}
      required
    />
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    for (const name of Object.keys(requiredKeys) as Field[]) {
      if (values[name].trim() === "") missing[name] = _(requiredKeys[name]);
    }
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    try {
      await addTemplate.mutateAsync(values);
      toast.show(_("template.add.success"));
      back();
    } catch (error) {
      setFormError(screenMessage(error, _));
    }
  };

  return (
    <>
      <PageHeader title={_("template.add.title")} onBack={back} />
      <form className="page" onSubmit={save} noValidate>
        {field("name", "template.name")}
        {field("lender", "template.lender")}
        {field("merchantName", "template.merchantName")}
        {formError ? <p className="page__error">{formError}</p> : null}
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
