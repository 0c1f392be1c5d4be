import { currencyOf } from "@chayong/domain";
import { Button, ConfirmDialog, LanguagePicker, PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { apiQuery, currentUserQuery } from "../../../data/api-query";
import { ApiKeysSection } from "../../../features/api-keys/api-keys-section";
import { MeProfileCard } from "../../../features/me/me-profile-card";
import { MyNotices } from "../../../features/notices/my-notices";
import { StatisticsDashboard } from "../../../features/statistics/statistics-dashboard";
import { useLanguage } from "../../../language/language";
import { loginPath } from "../../../session/login-redirect";
import { useLogOut } from "../../../session/use-log-out";

export const Route = createFileRoute("/pages/me/index")({
  staticData: { titleId: "me.title", tab: "me" },
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    // The lender's dashboard and keys are asked now, beside the page's code; the page shows
    // their placeholders meanwhile.
    if (user.role === "lender") {
      for (const id of [
        "contract.statistics",
        "contract.statisticsWindows",
        "apiKey.list",
      ] as const) {
        void queryClient.prefetchQuery(apiQuery(id));
      }
    }
  },
  component: MePage,
});

const appVersion = "1.0.0";

/** Profile, the lender's dashboard (statistics), language and logout ('confirm logout'). */
function MePage() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const user = useSuspenseQuery(currentUserQuery());
  const { locale, choose } = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const { logOut, leaving } = useLogOut();
  const profile = user.data;
  return (
    <>
      <PageHeader title={_("me.title")} />
      <div className="page">
        <MeProfileCard profile={profile} />

        {profile.role === "borrower" && !profile.identityVerified ? (
          // Verification is reachable from here too, not only from a contract (docs/screens.md).
          <Button block onClick={() => void navigate({ to: "/pages/me/face" })}>
            {_("home.verify.start")}
          </Button>
        ) : null}
        {profile.role === "borrower" && profile.identityVerified ? <FaceReviewNote /> : null}
        {profile.role === "borrower" ? <MyNotices /> : null}

        {profile.role === "lender" && profile.lender ? (
          <StatisticsDashboard currency={currencyOf(profile.lender.jurisdiction)} />
        ) : null}

        {profile.role === "lender" ? (
          <Button
            variant="secondary"
            block
            onClick={() => void navigate({ to: "/pages/template/list" })}
          >
            {_("template.list.title")}
          </Button>
        ) : null}
        {profile.role === "lender" ? (
          <Button
            variant="secondary"
            block
            onClick={() => void navigate({ to: "/pages/me/blockList" })}
          >
            {_("customer.blockList")}
          </Button>
        ) : null}
        {profile.role === "lender" ? (
          <Button
            variant="secondary"
            block
            onClick={() => void navigate({ to: "/pages/me/sharedDebt" })}
          >
            {_("sharedDebt.title")}
          </Button>
        ) : null}

        {profile.role === "lender" ? <ApiKeysSection /> : null}

        <LanguagePicker value={locale} onChange={choose} title={_("language.title")} />

        <Button variant="danger" block onClick={() => setConfirming(true)}>
          {_("me.logout")}
        </Button>
        <p className="page__note me__version">{_("me.version", { version: appVersion })}</p>
      </div>
      <ConfirmDialog
        open={confirming}
        title={_("me.logout.confirm")}
        confirmLabel={_("me.logout")}
        cancelLabel={_("common.cancel")}
        destructive
        confirming={leaving}
        onConfirm={() => void logOut(() => navigate({ to: loginPath, replace: true }))}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * A verified borrower whose face check came out 'review' (docs/identity.md, "Three outcomes"):
 * each lender looks before he signs that lender's contracts, and tells him by SMS.
 */
function FaceReviewNote() {
  const { _ } = useLingui();
  const identity = useQuery(apiQuery("identity.userDetail"));
  if (identity.data?.faceDecision !== "review") return null;
  return (
    <p className="page__note customer__unverified" role="status">
      {_("me.faceReview")}
    </p>
  );
}
