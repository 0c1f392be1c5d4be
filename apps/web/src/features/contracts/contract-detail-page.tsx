import { displayPhone } from "@chayong/domain";
import {
  Button,
  ConfirmDialog,
  copyToClipboard,
  MoneyText,
  PageHeader,
  StatusBadge,
  useToast,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useApi } from "../../app/services";
import { useLoad } from "../../data/use-load";
import { asTransportError } from "../../session/error-catalogue";
import { screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
import { useCurrentUser } from "../../state/current-user";
import { MoneySection } from "../money/money-section";
import { absoluteShareLink, type Contract, isUnsigned } from "./contract-labels";
import { formatPercent } from "./percent";
import { ScheduleTable } from "./schedule-table";
import { ShareQrCode } from "./share-qr-code";

/**
 * The lender's view of one contract: terms, schedule, status, the share link (copy, QR code)
 * and, before signing, cancel ('confirm delete contract' -> 'deleted').
 */
export function ContractDetailPage({ id }: { id: string }) {
  const { _ } = useLingui();
  const api = useApi();
  const back = useBack();
  // A link without an id names no contract: nothing to ask the server.
  const contract = useLoad(
    async (signal): Promise<Contract | null> =>
      id === "" ? null : api.contract.detail({ id }, { signal }),
    [api, id],
  );
  const notFound =
    (contract.status === "done" && contract.data === null) ||
    (contract.status === "failed" && isNotFoundAnswer(contract.error));
  return (
    <>
      <PageHeader title={_("contract.detail.title")} onBack={back} />
      <div className="page">
        {contract.status === "loading" && !contract.data ? (
          <p className="page__note">{_("common.loading")}</p>
        ) : null}
        {notFound ? <p className="page__error">{_("contract.notFound")}</p> : null}
        {contract.status === "failed" && !notFound ? (
          <p className="page__error">{screenMessage(contract.error, _, "contract.notFound")}</p>
        ) : null}
        {contract.data ? (
          <ContractDetail contract={contract.data} onChanged={contract.reload} />
        ) : null}
      </div>
    </>
  );
}

/** The server's 'no such contract' (envelope 404). */
function isNotFoundAnswer(error: unknown): boolean {
  const transportError = asTransportError(error);
  return transportError?.kind === "envelope-status" && transportError.status === 404;
}

function ContractDetail({ contract, onChanged }: { contract: Contract; onChanged: () => void }) {
  const { _, i18n } = useLingui();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const money = (amount: number) => (
    <MoneyText amount={amount} currency={contract.currency} locale={i18n.locale} />
  );
  const signed = !isUnsigned(contract.status);
  // Only the lender shares or deletes (a bound borrower may read the page too). A cancelled
  // contract keeps its pre-signing status; it can be read, not shared or deleted.
  const isLender = useCurrentUser().data?.role === "lender";
  const shareable = isLender && isUnsigned(contract.status) && !contract.cancelled;
  const link = absoluteShareLink(contract.link);

  const copyLink = async () => {
    if (await copyToClipboard(link)) toast.show(_("common.copied"));
  };

  const cancel = async () => {
    setCancelling(true);
    try {
      await api.contract.cancel({ id: contract.id });
      setConfirming(false);
      toast.show(_("contract.delete.success"));
      await navigate({ to: "/pages/order/index", replace: true });
    } catch (error) {
      setConfirming(false);
      setCancelling(false);
      setActionError(screenMessage(error, _));
    }
  };

  // After signing the money comes first: the terms are settled and read less often.
  const terms = (
    <section className="page__section" aria-labelledby="detail-terms">
      <h3 className="page__section-title" id="detail-terms">
        {_("document.terms")}
      </h3>
      <dl className="definition-list">
        <dt>{_("contract.borrowerPhone")}</dt>
        <dd>{displayPhone(contract.borrowerPhone)}</dd>
        <dt>{_("contract.loanAmount")}</dt>
        <dd>{money(contract.loanAmount)}</dd>
        <dt>{_("contract.disbursedAmount")}</dt>
        <dd>{money(contract.disbursedAmount)}</dd>
        <dt>{_("contract.loanDate")}</dt>
        <dd>{contract.loanDate}</dd>
        <dt>{_("contract.repaymentDate")}</dt>
        <dd>{contract.repaymentDate}</dd>
        <dt>{_("document.repaymentType")}</dt>
        <dd>
          {contract.instalment
            ? `${_("document.instalments", { count: contract.instalmentCount })} · ${_(
                `contract.instalmentInterval.${contract.interval}`,
              )}`
            : _("contract.type.single")}
        </dd>
        {/* A single payment's one repayment is the total repayable, shown below. */}
        {contract.instalment ? (
          <>
            <dt>{_("contract.instalmentAmount")}</dt>
            <dd>{money(contract.instalmentAmount)}</dd>
          </>
        ) : null}
        <dt>{_("contract.serviceFee")}</dt>
        <dd>{money(contract.serviceFee)}</dd>
        <dt>{_("contract.overdueRate")}</dt>
        <dd>{formatPercent(contract.overdueRatePercent, i18n.locale)}%</dd>
        <dt>{_("contract.lender")}</dt>
        <dd>{contract.lender}</dd>
        <dt>{_("contract.merchantName")}</dt>
        <dd>{contract.merchantName}</dd>
        <dt>{_("cost.effectiveAnnualRate")}</dt>
        <dd>{formatPercent(contract.effectiveAnnualRatePercent, i18n.locale)}%</dd>
        <dt>{_("cost.totalRepayable")}</dt>
        <dd>{money(contract.totalRepayable)}</dd>
      </dl>
    </section>
  );

  return (
    <>
      <header className="contract-detail__head">
        <h2 className="contract-detail__name">{contract.name}</h2>
        <StatusBadge status={contract.status} label={_(`contract.status.${contract.status}`)} />
      </header>
      {contract.cancelled ? <p className="page__error">{_("document.cancelled")}</p> : null}

      {signed ? (
        <>
          <MoneySection contract={contract} editable={isLender} onChanged={onChanged} />
          {terms}
        </>
      ) : (
        <>
          {terms}
          <section className="page__section" aria-labelledby="detail-schedule">
            <h3 className="page__section-title" id="detail-schedule">
              {_("contract.schedule.title")}
            </h3>
            <ScheduleTable
              rows={contract.schedule.map((row) => ({
                index: row.index,
                dueDate: row.dueDate,
                amount: row.amount,
              }))}
              currency={contract.currency}
            />
          </section>
        </>
      )}

      <Button
        variant="secondary"
        block
        onClick={() =>
          void navigate({ to: "/pages/loans/signDetail", search: { id: contract.id } })
        }
      >
        {_("contract.view")}
      </Button>
      {isLender ? (
        <Button
          variant="secondary"
          block
          onClick={() =>
            void navigate({ to: "/pages/order/customer", search: { id: contract.id } })
          }
        >
          {_("customer.view")}
        </Button>
      ) : null}

      {shareable ? (
        <section className="page__section share" aria-labelledby="detail-share">
          <h3 className="page__section-title" id="detail-share">
            {_("contract.link")}
          </h3>
          <p className="page__note">{_("contract.shareHint")}</p>
          <p className="share__link" data-testid="share-link">
            {link}
          </p>
          <Button block onClick={copyLink}>
            {_("contract.copyLink")}
          </Button>
          <ShareQrCode link={link} label={_("contract.link")} />
        </section>
      ) : null}

      {actionError ? <p className="page__error">{actionError}</p> : null}
      {shareable ? (
        <Button variant="danger" block onClick={() => setConfirming(true)}>
          {_("common.delete")}
        </Button>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={_("contract.delete.confirm")}
        message={contract.name}
        confirmLabel={_("common.delete")}
        cancelLabel={_("common.cancel")}
        destructive
        confirming={cancelling}
        onConfirm={cancel}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
