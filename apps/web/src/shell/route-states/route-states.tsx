import { ErrorState, ListSkeleton, PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { type ErrorComponentProps, useMatches, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { asTransportError } from "../../session/error-catalogue";
import { failureMessage, screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";

/** The deepest route's title and tab: what a page header shows before the page itself can. */
function usePageFrame() {
  return useMatches({
    select: (matches) => {
      const page = matches.findLast((match) => match.staticData?.titleId)?.staticData;
      return {
        titleId: page?.titleId ?? "app.title",
        // A tab's page is a root: nothing to go back to.
        isTab: page?.tab !== undefined,
        loadFailedId: page?.loadFailedId ?? "common.loadFailed",
        loadingId: page?.loadingId ?? "common.loading",
      };
    },
  });
}

function FrameHeader() {
  const { _ } = useLingui();
  const back = useBack();
  const { titleId, isTab } = usePageFrame();
  return <PageHeader title={_(titleId)} onBack={isTab ? undefined : back} />;
}

/**
 * What a page shows while its loader's first read is on its way (after the router's pending
 * delay, docs/constants.md#time-outs-and-waits): its header and grey placeholders.
 */
export function RoutePending() {
  const { _ } = useLingui();
  const { loadingId } = usePageFrame();
  return (
    <>
      <FrameHeader />
      <div className="page">
        <ListSkeleton count={2} label={_(loadingId)} />
      </div>
    </>
  );
}

/**
 * What a page shows when its first read failed (docs/errors.md#what-the-app-does). The error
 * catalogue has already done its part (a modal, login, the offline notice); this stays on the
 * page: the server's refusal as it answered it, or, for a read that never got an answer, what
 * went wrong with a retry (the route's loader again).
 */
export function RouteError({ error }: ErrorComponentProps) {
  const { _ } = useLingui();
  const router = useRouter();
  const { loadFailedId } = usePageFrame();
  const queryErrors = useQueryErrorResetBoundary();
  // A read that threw while rendering is tried again on retry, not thrown again from the cache.
  useEffect(() => queryErrors.reset(), [queryErrors]);
  const refusal = asTransportError(error);
  const refused = refusal?.kind === "envelope-status";
  return (
    <>
      <FrameHeader />
      <div className="page page--route-error">
        {refused ? (
          <p className="page__error" role="alert">
            {/* 404: what the page names does not exist, said in the page's own words. */}
            {refusal?.status === 404
              ? _(loadFailedId)
              : (screenMessage(error, _, loadFailedId) ?? failureMessage(error, _))}
          </p>
        ) : (
          <ErrorState
            title={_(loadFailedId)}
            description={failureMessage(error, _)}
            retryLabel={_("common.retry")}
            onRetry={() => void router.invalidate()}
          />
        )}
      </div>
    </>
  );
}
