import type { Notice } from "@chayong/domain";
import { formatInstant } from "@chayong/i18n/lazy";
import { useLingui } from "@lingui/react";
import "./notices.css";

/**
 * Notices as the borrower received them (docs/notices.md): the text he was sent, when, and
 * whether it has gone out yet; the lender sees the same list for one contract.
 */
export function NoticeList({ notices, empty }: { notices: readonly Notice[]; empty: string }) {
  const { _, i18n } = useLingui();
  if (notices.length === 0) return <p className="page__note">{empty}</p>;
  return (
    <ul className="notice-list">
      {notices.map((notice) => (
        <li key={notice.id} className={`notice-list__item notice-list__item--${notice.kind}`}>
          <p className="notice-list__text">{notice.text}</p>
          <p className="notice-list__meta">
            {_(`notice.kind.${notice.kind}`)} ·{" "}
            {notice.state === "sent" && notice.sentAt
              ? _("notice.sentAt", {
                  at: formatInstant(notice.sentAt, i18n.locale, { timeZone: notice.timeZone }),
                })
              : _(`notice.state.${notice.state === "sent" ? "waiting" : notice.state}`)}
          </p>
        </li>
      ))}
    </ul>
  );
}
