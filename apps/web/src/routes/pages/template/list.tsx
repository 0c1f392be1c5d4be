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
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import * as v from "valibot";
import { useApiMutation } from "../../../data/api-mutation";
import { apiQuery, currentUserQuery, readsDone } from "../../../data/api-query";
import { chosenTemplateAtom, type Template } from "../../../features/templates/chosen-template";
import { failureMessage, screenMessage } from "../../../session/screen-message";
import { useBack } from "../../../session/use-back";

export const Route = createFileRoute("/pages/template/list")({
  staticData: { titleId: "template.list.title" },
  // `?select=true`: the create-contract form asks for a template to fill it from.
  validateSearch: v.object({ select: v.fallback(v.optional(v.boolean()), undefined) }),
  loader: ({ context: { queryClient } }) =>
    readsDone(
      queryClient.ensureQueryData(currentUserQuery()),
      queryClient.ensureQueryData(apiQuery("template.query", { name: "" })),
    ),
  component: TemplateListPage,
});

/** The lender's templates: search by name, select one for a contract, delete (docs/screens.md#templates). */
function TemplateListPage() {
  const { _, i18n } = useLingui();
  const back = useBack();
  const toast = useToast();
  const navigate = useNavigate();
  const { select } = Route.useSearch();
  const choose = useSetAtom(chosenTemplateAtom);
  // Templates are a lender's tool: a borrower is not offered to make one.
  const isLender = useSuspenseQuery(currentUserQuery()).data.role === "lender";
  const [search, setSearch] = useState("");
  const [name, setName] = useState("");
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const removeTemplate = useApiMutation("template.remove");

  // Search as the lender types, once they pause; the templates shown stay until the answer.
  useEffect(() => {
    const timer = setTimeout(() => setName(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const templates = useQuery({
    ...apiQuery("template.query", { name }),
    placeholderData: keepPreviousData,
  });

  const remove = async () => {
    if (!deleting) return;
    try {
      await removeTemplate.mutateAsync({ id: deleting.id });
      toast.show(_("common.deleted"));
      setDeleting(null);
    } catch (error) {
      setDeleting(null);
      setActionError(screenMessage(error, _));
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
        {templates.isError && !templates.isPlaceholderData ? (
          <ErrorState
            title={_("common.loadFailed")}
            description={failureMessage(templates.error, _)}
            retryLabel={_("common.retry")}
            onRetry={() => void templates.refetch()}
          />
        ) : null}
        {templates.isPending ? <ListSkeleton label={_("common.loading")} /> : null}
        {templates.isSuccess && !templates.isPlaceholderData && items.length === 0 ? (
          <EmptyState
            title={
              // A search that finds nothing says so, not that the lender has no templates.
              name === "" ? _("template.noResults") : _("template.search.none", { name })
            }
          />
        ) : null}
        <ul className="template-list" aria-busy={templates.isFetching}>
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
        confirming={removeTemplate.isPending}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
