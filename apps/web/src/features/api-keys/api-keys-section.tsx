import { formatInstant } from "@chayong/i18n/lazy";
import type { ApiKeyScope, CreatedApiKey } from "@chayong/sdk";
import { Button, ConfirmDialog, copyToClipboard, useToast } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useStore } from "@tanstack/react-form";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ApiAnswer } from "../../data/api-endpoints";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery } from "../../data/api-query";
import { useDomainForm } from "../../forms";
import { failureMessage, screenMessage } from "../../session/screen-message";
import { createApiKeyRequestSchema } from "./create-api-key-request";

type ApiKey = ApiAnswer<"apiKey.list">[number];

/**
 * The lender's API keys on 'me' (apps/server README "API keys"): list, create (the key shown
 * once, to copy) and revoke after a confirmation. Keys are made from a session only.
 */
export function ApiKeysSection() {
  const { _, i18n } = useLingui();
  const toast = useToast();
  const list = useQuery(apiQuery("apiKey.list"));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const createKey = useApiMutation("apiKey.create");
  const revokeKey = useApiMutation("apiKey.revoke");

  const { form, submit, message } = useDomainForm({
    defaultValues: { name: "", scope: "read" },
    request: createApiKeyRequestSchema,
    onSubmit: async (request) => {
      setCreated(await createKey.mutateAsync(request));
      // Ready for the next key, of the same scope.
      form.reset({ name: "", scope: request.scope }, { keepDefaultValues: true });
      setActionError(null);
    },
  });
  const nameTyped = useStore(form.store, (state) => state.values.name.trim() !== "");

  const revoke = async (key: ApiKey) => {
    try {
      await revokeKey.mutateAsync({ id: key.id });
      if (created?.id === key.id) setCreated(null);
      setActionError(null);
    } catch (error) {
      setActionError(screenMessage(error, _));
    }
    setRevoking(null);
  };

  const copy = async (key: string) => {
    if (await copyToClipboard(key)) toast.show(_("common.copied"));
  };

  const scopeLabel = (value: ApiKeyScope) =>
    _(value === "read" ? "apiKeys.scope.read" : "apiKeys.scope.full");
  const when = (instant: string) => (
    <time dateTime={instant}>{formatInstant(instant, i18n.locale)}</time>
  );

  return (
    <section className="me-card api-keys" aria-labelledby="api-keys-title">
      <h2 className="api-keys__title" id="api-keys-title">
        {_("apiKeys.title")}
      </h2>
      <p className="page__note">{_("apiKeys.intro")}</p>

      <form className="api-keys__form" onSubmit={submit} noValidate>
        <form.AppField name="name">
          {(field) => <field.TextField label={_("apiKeys.name")} maxLength={60} required />}
        </form.AppField>
        <form.AppField name="scope">
          {(field) => (
            <field.SegmentedControl<ApiKeyScope>
              label={_("apiKeys.scope")}
              options={[
                { value: "read", label: scopeLabel("read") },
                { value: "full", label: scopeLabel("full") },
              ]}
            />
          )}
        </form.AppField>
        <Button type="submit" disabled={createKey.isPending || !nameTyped}>
          {_("apiKeys.create")}
        </Button>
        {message ? <p className="page__error">{message}</p> : null}
      </form>

      {created ? (
        <div className="api-keys__created" role="status">
          <p className="api-keys__warning">{_("apiKeys.created")}</p>
          <code className="api-keys__secret">{created.key}</code>
          <Button variant="secondary" onClick={() => void copy(created.key)}>
            {_("common.copy")}
          </Button>
        </div>
      ) : null}

      {actionError ? <p className="page__error">{actionError}</p> : null}
      {list.isError ? <p className="page__error">{failureMessage(list.error, _)}</p> : null}
      {list.data && list.data.length > 0 ? (
        <ul className="block-list" aria-label={_("apiKeys.title")}>
          {list.data.map((key) => (
            <li key={key.id} className="block-list__item">
              <div className="block-list__text">
                <p className="block-list__phone">
                  {key.name} · {scopeLabel(key.scope)}
                </p>
                <p className="page__note">
                  <code>cyk_{key.prefix}_…</code>
                </p>
                <p className="page__note">
                  {key.revokedAt
                    ? _("apiKeys.revoked", { date: formatInstant(key.revokedAt, i18n.locale) })
                    : key.lastUsedAt
                      ? _("apiKeys.lastUsed", {
                          date: formatInstant(key.lastUsedAt, i18n.locale),
                        })
                      : _("apiKeys.neverUsed")}
                </p>
                <p className="page__note">{when(key.createdAt)}</p>
              </div>
              {key.revokedAt ? null : (
                <Button variant="secondary" onClick={() => setRevoking(key)}>
                  {_("apiKeys.revoke")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      <ConfirmDialog
        open={revoking !== null}
        title={_("apiKeys.revoke.confirm")}
        message={revoking ? `${revoking.name} (cyk_${revoking.prefix}_…)` : ""}
        confirmLabel={_("apiKeys.revoke")}
        cancelLabel={_("common.cancel")}
        destructive
        confirming={revokeKey.isPending}
        onConfirm={() => {
          if (revoking) void revoke(revoking);
        }}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
