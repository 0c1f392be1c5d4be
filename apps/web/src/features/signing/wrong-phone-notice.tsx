import { displayPhone } from "@chayong/domain";
import { Button } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
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
  const user = useQuery(currentUserQuery());
  const { switchAccount, leaving } = useSwitchAccount();

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

/**
 * A lender opened a share link, usually his own to try it before sending it: the link is the
 * borrower's way in, so a lender's account cannot open it (docs/contracts.md, "Opening a
 * contract"). It says so instead of calling the link broken, and offers the two ways on: back
 * to his contracts, or logging out to log in with another number (the one it was sent to).
 */
export function LenderLinkNotice() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const { switchAccount, leaving } = useSwitchAccount();
  return (
    <section className="wrong-phone" aria-labelledby="lender-link-title" role="alert">
      <h2 className="wrong-phone__title" id="lender-link-title">
        {_("sign.lenderLink.title")}
      </h2>
      <p className="wrong-phone__sent-to">{_("sign.lenderLink.description")}</p>
      <Button
        size="lg"
        block
        onClick={() => void navigate({ to: "/pages/order/index", replace: true })}
      >
        {_("sign.lenderLink.contracts")}
      </Button>
      <Button variant="secondary" block loading={leaving} onClick={() => void switchAccount()}>
        {_("sign.lenderLink.switch")}
      </Button>
    </section>
  );
}

/** Log out, then log in again with another number and come back to this very link. */
function useSwitchAccount() {
  const router = useRouter();
  const { logOut, leaving } = useLogOut();
  const switchAccount = () => {
    const redirect = safeRedirect(router.latestLocation.href);
    return logOut(() =>
      router.navigate({ to: loginPath, search: redirect ? { redirect } : {}, replace: true }),
    );
  };
  return { switchAccount, leaving };
}
