import { currencyOf } from "@chayong/domain";
import { Button, ConfirmDialog, LanguagePicker, PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useState } from "react";
import { useApi } from "../../../app/services";
import { ApiKeysSection } from "../../../features/api-keys/api-keys-section";
import { MeProfileCard } from "../../../features/me/me-profile-card";
import { StatisticsDashboard } from "../../../features/statistics/statistics-dashboard";
import { useLanguage } from "../../../language/language";
import { loginPath } from "../../../session/login-redirect";
import { useCurrentUser } from "../../../state/current-user";
import { signOutAtom } from "../../../state/storage";

export const Route = createFileRoute("/pages/me/index")({
  staticData: { titleId: "me.title", tab: "me" },
  component: MePage,
});

const appVersion = "1.0.0";

/** Profile, the lender's dashboard (statistics), language and logout ('confirm logout'). */
function MePage() {
  const { _ } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { locale, choose } = useLanguage();
  const signOut = useSetAtom(signOutAtom);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const logOut = async () => {
    setLeaving(true);
    try {
      await api.auth.logout();
    } catch {
      // The session ends here either way; the server forgets it after its expiry at the latest.
    }
    signOut();
    await navigate({ to: loginPath, replace: true });
  };

  const profile = user.data;
  return (
    <>
      <PageHeader title={_("me.title")} />
      <div className="page">
        <MeProfileCard user={user} />

        {profile?.role === "lender" && profile.lender ? (
          <StatisticsDashboard currency={currencyOf(profile.lender.jurisdiction)} />
        ) : null}

        {profile?.role === "lender" ? (
          <Button
            variant="secondary"
            block
            onClick={() => void navigate({ to: "/pages/template/list" })}
          >
            {_("template.list.title")}
          </Button>
        ) : null}
        {profile?.role === "lender" ? (
          <Button
            variant="secondary"
            block
            onClick={() => void navigate({ to: "/pages/me/blockList" })}
          >
            {_("customer.blockList")}
          </Button>
        ) : null}
        {profile?.role === "lender" ? (
          <Button
            variant="secondary"
            block
            onClick={() => void navigate({ to: "/pages/me/sharedDebt" })}
          >
            {_("sharedDebt.title")}
          </Button>
        ) : null}

        {profile?.role === "lender" ? <ApiKeysSection /> : null}

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
        onConfirm={logOut}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
