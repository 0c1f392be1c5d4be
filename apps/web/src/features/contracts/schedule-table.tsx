import { MoneyText } from "@chayong/ui";
import { useLingui } from "@lingui/react";

/** Instalments with their due dates and amounts (and what is still owed, once signed). */
export function ScheduleTable({
  rows,
  currency,
}: {
  rows: ReadonlyArray<{ index: number; dueDate: string; amount: number; outstanding?: number }>;
  currency: "KRW" | "TWD";
}) {
  const { _, i18n } = useLingui();
  const withOutstanding = rows.some((row) => row.outstanding !== undefined);
  return (
    <table className="schedule-table">
      <thead>
        <tr>
          <th scope="col">{_("document.instalmentNumber")}</th>
          <th scope="col">{_("document.dueDate")}</th>
          <th scope="col">{_("document.amount")}</th>
          {withOutstanding ? <th scope="col">{_("contract.outstandingAmount")}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.index}>
            <td>{row.index}</td>
            <td>{row.dueDate}</td>
            <td>
              <MoneyText amount={row.amount} currency={currency} locale={i18n.locale} />
            </td>
            {withOutstanding ? (
              <td>
                <MoneyText amount={row.outstanding ?? 0} currency={currency} locale={i18n.locale} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
