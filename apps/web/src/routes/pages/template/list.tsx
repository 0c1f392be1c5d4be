import { formatInstant } from "@chayong/i18n/lazy";
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  ListSkeleton,
  PageHeader,
  TextField,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import { useApi } from "../../../app/services";
import { useLoad } from "../../../data/use-load";
import { chosenTemplateAtom, type Template } from "../../../features/templates/chosen-template";
import { failureMessage, screenMessage } from "../../../session/screen-message";
import { useBack } from "../../../session/use-back";
import { useCurrentUser } from "../../../state/current-user";

export const Route = createFileRoute("/pages/template/list")({
  staticData: { titleId: "template.list.title" },
  validateSearch: (search: Record<string, unknown>): { select?: boolean } =>
    search.select === true || search.select === "1" ? { select: true } : {},
  component: TemplateListPage,
});

/** The lender's templates: search by name, select one for a contract, delete (docs/screens.md#templates). */
function TemplateListPage() {
  const { _, i18n } = useLingui();
  const api = useApi();
  const back = useBack();
  const toast = useToast();
  const navigate = useNavigate();
  const { select } = Route.useSearch();
  const choose = useSetAtom(chosenTemplateAtom);
  // Templates are a lender's tool: a borrower is not offered to make one.
  const isLender = useCurrentUser().data?.role === "lender";
  const [search, setSearch] = useState("");
  const [name, setName] = useState("");
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [removing, setRemoving] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  // Search as the lender types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => setName(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const templates = useLoad(() => api.template.query({ name }), [api, name]);

  const remove = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      await api.template.remove({ id: deleting.id });
      toast.show(_("common.deleted"));
      setDeleting(null);
      templates.reload();
    } catch (error) {
      setDeleting(null);
      setActionError(screenMessage(error, _));
    } finally {
      setRemoving(false);
    }
  };

  const items = templates.data ?? [];
  return (
    <>
      <PageHeader
        title={_("template.list.title")}
        onBack={back}
        actions={
          isLender ? (
            <Button variant="ghost" onClick={() => void navigate({ to: "/pages/template/add" })}>
              {_("template.add.title")}
            </Button>
          ) : null
        }
      />
      <div className="page">
        <TextField
          label={_("common.search")}
          type="search"
          name="templateName"
          placeholder={_("template.search.placeholder")}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {actionError ? <p className="page__error">{actionError}</p> : null}
        {templates.status === "failed" ? (
          <ErrorState
            title={_("common.loadFailed")}
            description={failureMessage(templates.error, _)}
            retryLabel={_("common.retry")}
            onRetry={templates.reload}
          />
        ) : null}
        {templates.status === "loading" && !templates.data ? (
          <ListSkeleton label={_("common.loading")} />
        ) : null}
        {templates.status === "done" && items.length === 0 ? (
          <EmptyState title={_("template.noResults")} />
        ) : null}
        <ul className="template-list" aria-busy={templates.status === "loading"}>
          {items.map((template) => (
            <li key={template.id} className="template-card">
              <h2 className="template-card__name">{template.name}</h2>
              <dl className="definition-list">
                <dt>{_("template.lender")}</dt>
                <dd>{template.lender}</dd>
                <dt>{_("template.merchantName")}</dt>
                <dd>{template.merchantName}</dd>
                <dt>{_("template.createdAt")}</dt>
                <dd>{formatInstant(template.createdAt, i18n.locale, { time: false })}</dd>
              </dl>
              <div className="template-card__actions">
                <Button variant="ghost" onClick={() => setDeleting(template)}>
                  {_("common.delete")}
                </Button>
                {select ? (
                  <Button
                    onClick={() => {
                      choose(template);
                      back();
                    }}
                  >
                    {_("common.select")}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={_("template.delete.confirm")}
        message={deleting?.name}
        confirmLabel={_("common.delete")}
        cancelLabel={_("common.cancel")}
        destructive
        confirming={removing}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
