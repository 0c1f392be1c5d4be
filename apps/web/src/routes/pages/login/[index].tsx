import { Button, PageHeader, TextField } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { createFileRoute, useRouter } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { type FormEvent, useState } from "react";
import * as v from "valibot";
import { useApiMutation } from "../../../data/api-mutation";
import { useCountdown } from "../../../data/use-countdown";
import { entryPath } from "../../../session/back";
import { type LoginReason, safeRedirect } from "../../../session/login-redirect";
import { screenMessage } from "../../../session/screen-message";
import { signInAtom } from "../../../state/storage";

export const Route = createFileRoute("/pages/login/index")({
  staticData: { titleId: "login.title" },
  validateSearch: v.object({
    // Where to go once logged in (a share link survives login); checked again before use.
    redirect: v.fallback(v.optional(v.string()), undefined),
    reason: v.fallback(v.optional(v.picklist(["expired"] satisfies LoginReason[])), undefined),
  }),
  component: LoginPage,
});

interface FieldErrors {
  phone?: string;
  code?: string;
}

/** Phone, SMS code ('sent', then 'resend' after a visible countdown), log in (docs/screens.md#login-page). */
function LoginPage() {
  const { _ } = useLingui();
  const router = useRouter();
  const { redirect, reason } = Route.useSearch();
  const signIn = useSetAtom(signInAtom);
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const sendLoginCode = useApiMutation("auth.sendCode");
  const login = useApiMutation("auth.login");
  const [sent, setSent] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const seconds = useCountdown(resendAt);

  const sendCode = async () => {
    if (phone.trim() === "") {
      setErrors({ phone: _("login.phone.required") });
      return;
    }
    setErrors({});
    try {
      const answer = await sendLoginCode.mutateAsync({ phone });
      setSent(true);
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
    } catch (error) {
      setErrors({ phone: screenMessage(error, _) ?? undefined });
    }
  };

  const logIn = async (event: FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {};
    if (phone.trim() === "") missing.phone = _("login.phone.required");
    if (code.trim() === "") missing.code = _("login.code.required");
    setErrors(missing);
    if (missing.phone || missing.code) return;
    try {
      const answer = await login.mutateAsync({ phone, code });
      signIn({ token: answer.token, ...answer.loginInfo });
      await router.navigate({ href: safeRedirect(redirect) ?? entryPath, replace: true });
    } catch (error) {
      setErrors({ code: screenMessage(error, _) ?? undefined });
    }
  };

  const sendLabel = !sent
    ? _("login.sendCode")
    : seconds > 0
      ? _("login.codeSent")
      : _("login.resend");

  return (
    <>
      <PageHeader title={_("login.title")} />
      <form className="page login" onSubmit={logIn} noValidate>
        <div className="login__brand">
          <span className="login__logo" aria-hidden="true">
            ₩
          </span>
          <p className="login__name">{_("app.title")}</p>
        </div>
        {/* The app logged him out (the session ended): say so, instead of a silent jump here. */}
        {reason === "expired" ? (
          <p className="login__notice" role="status">
            {_("session.invalid")}
          </p>
        ) : null}
        <div className="page__row">
          <TextField
            label={_("login.phone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            name="phone"
            placeholder={_("login.phone.placeholder")}
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={errors.phone}
            hint={sent && seconds > 0 ? _("login.resendIn", { seconds }) : undefined}
            required
          />
          <Button
            variant="secondary"
            className="login__send"
            onClick={sendCode}
            loading={sendLoginCode.isPending}
            disabled={sent && seconds > 0}
          >
            {sendLabel}
          </Button>
        </div>
        <TextField
          label={_("login.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          name="code"
          maxLength={6}
          placeholder={_("login.code.placeholder")}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ""))}
          error={errors.code}
          required
        />
        <div className="page__actions">
          <Button type="submit" size="lg" block loading={login.isPending || login.isSuccess}>
            {_("login.submit")}
          </Button>
        </div>
      </form>
    </>
  );
}
