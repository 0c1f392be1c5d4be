import { formatCalendarDate } from "@chayong/i18n/lazy";
import { MoneyText } from "@chayong/ui";
import { useLingui } from "@lingui/react";

/** Instalments as agreed: due dates and amounts (after signing, MoneySection shows balances). */
export function ScheduleTable({
  rows,
  currency,
}: {
  rows: ReadonlyArray<{ index: number; dueDate: string; amount: number }>;
  currency: "KRW" | "TWD";
}) {
  const { _, i18n } = useLingui();
  return (
    <table className="schedule-table">
      <thead>
        <tr>
          <th scope="col">{_("document.instalmentNumber")}</th>
          <th scope="col">{_("document.dueDate")}</th>
          <th scope="col">{_("document.amount")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.index}>
            <td>{row.index}</td>
            <td>{formatCalendarDate(row.dueDate, i18n.locale)}</td>
            <td>
              <MoneyText amount={row.amount} currency={currency} locale={i18n.locale} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
