import { Checkbox } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery } from "../../data/api-query";
import { screenMessage } from "../../session/screen-message";
import { NoticeList } from "./notice-list";

/**
 * The lender's part of a signed contract's notices (docs/notices.md): reminders on or off (the
 * receipts always go), and what the borrower was sent.
 */
export function ContractNotices({
  contractId,
  reminders,
}: {
  contractId: string;
  reminders: boolean;
}) {
  const { _ } = useLingui();
  const sent = useQuery(apiQuery("notice.list", { contractId }));
  const setReminders = useApiMutation("contract.reminders");
  const [error, setError] = useState<string | null>(null);
  const toggle = async (on: boolean) => {
    setError(null);
    try {
      await setReminders.mutateAsync({ id: contractId, on });
    } catch (failure) {
      setError(screenMessage(failure, _));
    }
  };
  return (
    <section className="page__section" aria-labelledby="contract-notices">
      <h3 className="page__section-title" id="contract-notices">
        {_("notice.title")}
      </h3>
      <Checkbox
        label={_("notice.reminders")}
        description={_("notice.reminders.description")}
        checked={setReminders.isPending ? (setReminders.variables?.on ?? reminders) : reminders}
        onCheckedChange={(on) => void toggle(on)}
        disabled={setReminders.isPending}
        error={error ?? undefined}
      />
      {sent.data ? (
        <NoticeList notices={sent.data.notices} empty={_("notice.none.lender")} />
      ) : sent.isError ? (
        <p className="page__error">{screenMessage(sent.error, _)}</p>
      ) : (
        <p className="page__note" role="status">
          {_("common.loading")}
        </p>
      )}
    </section>
  );
}
