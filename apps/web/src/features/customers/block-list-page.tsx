import { displayPhone } from "@chayong/domain";
import { formatInstant } from "@chayong/i18n/lazy";
import { Button, ConfirmDialog, EmptyState, PageHeader, useToast } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { queryOptions, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ApiAnswer } from "../../data/api-endpoints";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery } from "../../data/api-query";
import { screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";

type BlockedPhone = ApiAnswer<"contract.blockList">[number];

/** The lender's blocked phones, newest first (its route's loader reads the same query). */
function blockListQuery() {
  return queryOptions({
    ...apiQuery("contract.blockList"),
    select: (list) => [...list].sort((a, b) => b.blockedAt.localeCompare(a.blockedAt)),
  });
}

/** The lender's blocked phones, newest first, each with its reason and an unblock (docs/customers.md). */
export function BlockListPage() {
  const { _, i18n } = useLingui();
  const back = useBack();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data: items } = useSuspenseQuery(blockListQuery());
  const [unblocking, setUnblocking] = useState<BlockedPhone | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const unblockPhone = useApiMutation("contract.unblock", {
    // Already lifted elsewhere (404): the list is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: blockListQuery().queryKey }),
  });

  const unblock = async (entry: BlockedPhone) => {
    try {
      await unblockPhone.mutateAsync({ phone: entry.phone });
      toast.show(_("customer.unblock.success"));
      setActionError(null);
    } catch (error) {
      setActionError(screenMessage(error, _));
    }
    setUnblocking(null);
  };

  return (
    <>
      <PageHeader title={_("customer.blockList")} onBack={back} />
      <div className="page">
        {actionError ? <p className="page__error">{actionError}</p> : null}
        {items.length === 0 ? (
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
        confirming={unblockPhone.isPending}
        onConfirm={() => {
          if (unblocking) void unblock(unblocking);
        }}
        onCancel={() => setUnblocking(null)}
      />
    </>
  );
}
