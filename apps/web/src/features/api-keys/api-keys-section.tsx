import { formatInstant } from "@chayong/i18n/lazy";
import type { ApiKeyScope, CreatedApiKey } from "@chayong/sdk";
import {
  Button,
  ConfirmDialog,
  copyToClipboard,
  SegmentedControl,
  TextField,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { type FormEvent, useState } from "react";
import { useApi } from "../../app/services";
import { useLoad } from "../../data/use-load";
import { failureMessage, screenMessage } from "../../session/screen-message";

type Api = ReturnType<typeof useApi>;
type ApiKey = Awaited<ReturnType<Api["apiKey"]["list"]>>[number];

/**
 * The lender's API keys on 'me' (apps/server README "API keys"): list, create (the key shown
 * once, to copy) and revoke after a confirmation. Keys are made from a session only.
 */
export function ApiKeysSection() {
  const { _, i18n } = useLingui();
  const api = useApi();
  const toast = useToast();
  const list = useLoad((signal) => api.apiKey.list(undefined, { signal }), [api]);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("read");
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [sending, setSending] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    try {
      setCreated(await api.apiKey.create({ name, scope }));
      setName("");
      setActionError(null);
      list.reload();
    } catch (error) {
      setActionError(screenMessage(error, _));
    }
    setCreating(false);
  };

  const revoke = async (key: ApiKey) => {
    setSending(true);
    try {
      await api.apiKey.revoke({ id: key.id });
      if (created?.id === key.id) setCreated(null);
      setActionError(null);
    } catch (error) {
      setActionError(screenMessage(error, _));
    }
    list.reload();
    setSending(false);
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

      <form className="api-keys__form" onSubmit={(event) => void create(event)}>
        <TextField
          label={_("apiKeys.name")}
          value={name}
          maxLength={60}
          required
          onChange={(event) => setName(event.target.value)}
        />
        <SegmentedControl<ApiKeyScope>
          label={_("apiKeys.scope")}
          value={scope}
          options={[
            { value: "read", label: scopeLabel("read") },
            { value: "full", label: scopeLabel("full") },
          ]}
          onValueChange={setScope}
        />
        <Button type="submit" disabled={creating || name.trim() === ""}>
          {_("apiKeys.create")}
        </Button>
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
      {list.status === "failed" ? (
        <p className="page__error">{failureMessage(list.error, _)}</p>
      ) : null}
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
        confirming={sending}
        onConfirm={() => {
          if (revoking) void revoke(revoking);
        }}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
