import { displayPhone } from "@chayong/domain";
import { Button } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { currentUserQuery } from "../../data/api-query";
import { loginPath, safeRedirect } from "../../session/login-redirect";
import { useLogOut } from "../../session/use-log-out";

/**
 * A borrower logged in with another phone than the one the contract was sent to: which number it
 * was (masked by the server, docs/contracts.md "Opening a contract"), and a way to log out and
 * log in with it, coming back to this contract afterwards.
 */
export function WrongPhoneNotice({ sentToPhone }: { sentToPhone: string }) {
  const { _ } = useLingui();
  const router = useRouter();
  const user = useQuery(currentUserQuery());
  const { logOut, leaving } = useLogOut();

  const switchAccount = () => {
    // Where to come back to: this very contract, once logged in with the right number.
    const redirect = safeRedirect(router.latestLocation.href);
    return logOut(() =>
      router.navigate({ to: loginPath, search: redirect ? { redirect } : {}, replace: true }),
    );
  };

  return (
    <section className="wrong-phone" aria-labelledby="wrong-phone-title" role="alert">
      <h2 className="wrong-phone__title" id="wrong-phone-title">
        {_("sign.wrongPhone.title")}
      </h2>
      <p className="wrong-phone__sent-to">{_("sign.wrongPhone.sentTo", { phone: sentToPhone })}</p>
      <p className="wrong-phone__number" data-testid="sent-to-phone">
        {sentToPhone}
      </p>
      {user.data ? (
        <p className="page__note">
          {_("sign.wrongPhone.loggedInAs", { phone: displayPhone(user.data.phone) })}
        </p>
      ) : null}
      <Button size="lg" block loading={leaving} onClick={() => void switchAccount()}>
        {_("sign.wrongPhone.switch", { phone: sentToPhone })}
      </Button>
    </section>
  );
}
