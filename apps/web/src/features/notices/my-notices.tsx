import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "../../data/api-query";
import { screenMessage } from "../../session/screen-message";
import { NoticeList } from "./notice-list";

/** The borrower's notices on 'me': every reminder and receipt he was sent, newest first. */
export function MyNotices() {
  const { _ } = useLingui();
  const notices = useQuery(apiQuery("notice.list", {}));
  return (
    <section className="page__section" aria-labelledby="my-notices">
      <h2 className="page__section-title" id="my-notices">
        {_("notice.title")}
      </h2>
      {notices.data ? (
        <NoticeList notices={notices.data.notices} empty={_("notice.none.borrower")} />
      ) : notices.isError ? (
        <p className="page__error">{screenMessage(notices.error, _)}</p>
      ) : (
        <p className="page__note" role="status">
          {_("common.loading")}
        </p>
      )}
    </section>
  );
}
