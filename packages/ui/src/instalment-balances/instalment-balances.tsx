import type { Currency, InstalmentBalance } from "@chayong/domain";
import { formatCalendarDate } from "@chayong/i18n/lazy";
import { classNames } from "../class-names";
import { useUiLocale, useUiText } from "../i18n/use-ui-text";
import { formatMoney, MoneyText } from "../money-text/money-text";

/** What the list shows of one instalment: the domain's balance as a contract answer carries it. */
export type InstalmentBalanceData = Pick<
  InstalmentBalance,
  | "index"
  | "dueDate"
  | "originalDueDate"
  | "renewed"
  | "amount"
  | "repaid"
  | "waived"
  | "outstanding"
  | "principalOutstanding"
  | "interestOutstanding"
  | "overdueInterest"
  | "daysOverdue"
>;

export interface InstalmentBalancesProps {
  /** Each instalment's figures from the server, in instalment order. */
  instalments: readonly InstalmentBalanceData[];
  /** Currency of every amount. */
  currency: Currency;
  /** Locale of the amounts (home locale of the currency by default) and dates (the app's by default). */
  locale?: string;
  /** Heading level of each instalment's title. */
  headingLevel?: 3 | 4;
  className?: string;
}

/**
 * Each instalment's balance after the ledger: its due date (renewed or not), principal, what was
 * repaid and waived, overdue interest apart from principal, and what is still owed. An overdue
 * instalment says by how many days; a settled one says whether it was repaid in full or closed
 * with a waiver (docs/money.md), so a waived remainder never reads as "paid in full".
 */
export function InstalmentBalances({
  instalments,
  currency,
  locale,
  headingLevel = 3,
  className,
}: InstalmentBalancesProps) {
  const t = useUiText();
  const appLocale = useUiLocale();
  const date = (day: string) => formatCalendarDate(day, locale ?? appLocale);
  const Heading = `h${headingLevel}` as const;
  const money = (amount: number) => (
    <MoneyText amount={amount} currency={currency} locale={locale} />
  );
  return (
    <ol className={classNames("cy-instalments", className)}>
      {instalments.map((instalment) => {
        const state =
          instalment.outstanding === 0
            ? instalment.waived > 0
              ? "waived"
              : "paid"
            : instalment.daysOverdue > 0
              ? "overdue"
              : "owing";
        return (
          <li
            key={instalment.index}
            className={classNames(
              "cy-instalments__item",
              // Closed either way: the same settled look, the chip says how.
              `cy-instalments__item--${state === "waived" ? "paid" : state}`,
            )}
          >
            <header className="cy-instalments__header">
              <Heading className="cy-instalments__title">
                {t("money.instalment.title", { index: instalment.index })}
                <span className="cy-instalments__due">{date(instalment.dueDate)}</span>
              </Heading>
              {state === "paid" ? (
                <span className="cy-instalments__chip cy-instalments__chip--paid">
                  {t("money.instalment.paid")}
                </span>
              ) : null}
              {state === "waived" ? (
                <span className="cy-instalments__chip cy-instalments__chip--waived">
                  {t("money.instalment.closedAfterWaiver")}
                </span>
              ) : null}
              {state === "overdue" ? (
                <span className="cy-instalments__chip cy-instalments__chip--overdue">
                  {t("money.instalment.overdueDays", { days: instalment.daysOverdue })}
                </span>
              ) : null}
            </header>
            {instalment.renewed ? (
              <p className="cy-instalments__note">
                {t("money.instalment.renewedFrom", { date: date(instalment.originalDueDate) })}
              </p>
            ) : null}
            <dl className="cy-instalments__facts">
              <div>
                <dt>{t("money.instalment.principal")}</dt>
                <dd>{money(instalment.amount)}</dd>
              </div>
              <div>
                <dt>{t("contract.repaidAmount")}</dt>
                <dd>{money(instalment.repaid)}</dd>
              </div>
              {instalment.waived > 0 ? (
                <div>
                  <dt>{t("contract.waivedAmount")}</dt>
                  <dd>{money(instalment.waived)}</dd>
                </div>
              ) : null}
              {instalment.overdueInterest > 0 ? (
                <div>
                  <dt>{t("contract.overdueInterest")}</dt>
                  <dd>{money(instalment.overdueInterest)}</dd>
                </div>
              ) : null}
              <div className="cy-instalments__outstanding">
                <dt>{t("contract.outstandingAmount")}</dt>
                <dd>
                  {money(instalment.outstanding)}
                  {instalment.interestOutstanding > 0 ? (
                    <span className="cy-instalments__breakdown">
                      {t("money.instalment.breakdown", {
                        principal: formatMoney(instalment.principalOutstanding, currency, {
                          locale,
                        }),
                        interest: formatMoney(instalment.interestOutstanding, currency, { locale }),
                      })}
                    </span>
                  ) : null}
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
