import type { CalendarDate, ContractStatus, Currency, Money } from "@chayong/domain";
import { formatCalendarDate } from "@chayong/i18n/lazy";
import type { ReactNode } from "react";
import { classNames } from "../class-names";
import { useUiLocale, useUiText } from "../i18n/use-ui-text";
import { MoneyText } from "../money-text/money-text";
import { StatusBadge } from "../status-badge/status-badge";

/** What a contract card shows; the app maps its contract model onto this. */
export interface ContractCardData {
  /** The contract's name, as the lender wrote it. */
  name: string;
  /** The contract number people quote (`C-2026-000123`). */
  number?: string;
  /** Already masked or formatted for display. */
  borrowerPhone?: string;
  /** Borrower or lender name, as the viewer should see it. */
  counterpartyName?: string;
  /** Loan amount in the currency's smallest unit (won, NT dollar). */
  loanAmount: Money;
  /** Currency of every amount on the card. */
  currency: Currency;
  /** `YYYY-MM-DD` */
  loanDate: CalendarDate;
  /** `YYYY-MM-DD` (the first due date for instalments) */
  repaymentDate: CalendarDate;
  /** Contract status (type1-type6), shown as a StatusBadge. */
  status: ContractStatus;
  /** Number of instalments; absent or 1 for a single payment. */
  instalmentCount?: number;
  /** Amount still owed, when known. */
  outstandingAmount?: Money;
}

export interface ContractCardLabels {
  loanAmount?: ReactNode;
  loanDate?: ReactNode;
  repaymentDate?: ReactNode;
  outstanding?: ReactNode;
  /** e.g. "3회 분할" for 3; receives the count. */
  instalments?: (count: number) => ReactNode;
  single?: ReactNode;
  status?: ReactNode;
}

export interface ContractCardProps {
  /** The contract's display data (amounts, dates, status). */
  contract: ContractCardData;
  /** Opens the contract; makes the card's title a button. */
  onOpen?: () => void;
  /** Buttons for the contract's actions (delete, record a repayment...). */
  actions?: ReactNode;
  /** Replaces the translated labels (e.g. for a borrower's wording). */
  labels?: ContractCardLabels;
  /** Heading level of the contract name inside the list. */
  headingLevel?: 2 | 3 | 4;
  /** Language the dates are written in ('2026. 11. 23.', '2026/11/23'); the app's by default. */
  locale?: string;
  className?: string;
}

/** A contract in the lender's or borrower's list. */
export function ContractCard({
  contract,
  onOpen,
  actions,
  labels = {},
  headingLevel = 3,
  locale,
  className,
}: ContractCardProps) {
  const t = useUiText();
  const dateLocale = useUiLocale();
  const date = (day: CalendarDate) => formatCalendarDate(day, locale ?? dateLocale);
  const Heading = `h${headingLevel}` as const;
  const count = contract.instalmentCount ?? 1;
  const kind =
    count > 1
      ? (labels.instalments?.(count) ?? `${t("contract.instalments")} · ${count}`)
      : (labels.single ?? t("contract.single"));
  return (
    <article className={classNames("cy-contract-card", className)}>
      <header className="cy-contract-card__header">
        <Heading className="cy-contract-card__name">
          {onOpen ? (
            <button type="button" className="cy-contract-card__open" onClick={onOpen}>
              {contract.name}
            </button>
          ) : (
            contract.name
          )}
        </Heading>
        <StatusBadge status={contract.status} label={labels.status} />
      </header>
      {contract.counterpartyName || contract.borrowerPhone || contract.number ? (
        <p className="cy-contract-card__party">
          {[contract.number, contract.counterpartyName, contract.borrowerPhone]
            .filter(Boolean)
            .join(" · ")}
        </p>
      ) : null}
      <dl className="cy-contract-card__facts">
        <div className="cy-contract-card__fact cy-contract-card__fact--wide">
          <dt>{labels.loanAmount ?? t("contract.loanAmount")}</dt>
          <dd className="cy-contract-card__amount">
            <MoneyText amount={contract.loanAmount} currency={contract.currency} />
            <span className="cy-contract-card__kind">{kind}</span>
          </dd>
        </div>
        <div className="cy-contract-card__fact">
          <dt>{labels.loanDate ?? t("contract.loanDate")}</dt>
          <dd>{date(contract.loanDate)}</dd>
        </div>
        <div className="cy-contract-card__fact">
          <dt>{labels.repaymentDate ?? t("contract.repaymentDate")}</dt>
          <dd>{date(contract.repaymentDate)}</dd>
        </div>
        {contract.outstandingAmount !== undefined ? (
          <div className="cy-contract-card__fact cy-contract-card__fact--wide">
            <dt>{labels.outstanding ?? t("contract.outstanding")}</dt>
            <dd>
              <MoneyText amount={contract.outstandingAmount} currency={contract.currency} />
            </dd>
          </div>
        ) : null}
      </dl>
      {actions ? <div className="cy-contract-card__actions">{actions}</div> : null}
    </article>
  );
}
