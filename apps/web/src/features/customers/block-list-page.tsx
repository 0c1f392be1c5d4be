import { displayPhone } from "@chayong/domain";
import { formatInstant } from "@chayong/i18n/lazy";
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  ListSkeleton,
  PageHeader,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useApi } from "../../app/services";
import { useLoad } from "../../data/use-load";
import { failureMessage, screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";

type Api = ReturnType<typeof useApi>;
type BlockedPhone = Awaited<ReturnType<Api["contract"]["blockList"]>>[number];

/** The lender's blocked phones, newest first, each with its reason and an unblock (docs/customers.md). */
export function BlockListPage() {
  const { _, i18n } = useLingui();
  const api = useApi();
  const back = useBack();
  const toast = useToast();
  const list = useLoad(
    async (signal) =>
      [...(await api.contract.blockList(undefined, { signal }))].sort((a, b) =>
        b.blockedAt.localeCompare(a.blockedAt),
      ),
    [api],
  );
  const [unblocking, setUnblocking] = useState<BlockedPhone | null>(null);
  const [sending, setSending] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const unblock = async (entry: BlockedPhone) => {
    setSending(true);
    try {
      await api.contract.unblock({ phone: entry.phone });
      toast.show(_("customer.unblock.success"));
      setActionError(null);
      list.reload();
    } catch (error) {
      setActionError(screenMessage(error, _));
      // Already lifted elsewhere (404): the list is out of date.
      list.reload();
    }
    setSending(false);
    setUnblocking(null);
  };

  const items = list.data ?? [];
  return (
    <>
      <PageHeader title={_("customer.blockList")} onBack={back} />
      <div className="page">
        {list.status === "loading" && !list.data ? (
          <ListSkeleton label={_("common.loading")} />
        ) : null}
        {list.status === "failed" ? (
          <ErrorState
            title={_("common.loadFailed")}
            description={failureMessage(list.error, _)}
            retryLabel={_("common.retry")}
            onRetry={list.reload}
          />
        ) : null}
        {actionError ? <p className="page__error">{actionError}</p> : null}
        {list.status === "done" && items.length === 0 ? (
          <EmptyState
            title={_("customer.blockList.empty")}
            description={_("customer.blockList.emptyHint")}
          />
        ) : null}
        {items.length > 0 ? (
          <ul className="block-list">
            {items.map((entry) => (
              <li key={entry.phone} className="block-list__item">
                <div className="block-list__text">
                  <p className="block-list__phone">{displayPhone(entry.phone)}</p>
                  <p className="block-list__reason">
                    {_("ledger.reason", { reason: entry.reason })}
                  </p>
                  <p className="page__note">
                    <time dateTime={entry.blockedAt}>
                      {formatInstant(entry.blockedAt, i18n.locale)}
                    </time>
                  </p>
                </div>
                <Button variant="secondary" onClick={() => setUnblocking(entry)}>
                  {_("customer.unblock")}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ConfirmDialog
        open={unblocking !== null}
        title={_("customer.unblock")}
        message={unblocking ? displayPhone(unblocking.phone) : ""}
        confirmLabel={_("customer.unblock")}
        cancelLabel={_("common.cancel")}
        confirming={sending}
        onConfirm={() => {
          if (unblocking) void unblock(unblocking);
        }}
        onCancel={() => setUnblocking(null)}
      />
    </>
  );
}
