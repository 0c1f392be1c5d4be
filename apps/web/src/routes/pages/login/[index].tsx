import { loginFieldsSchema, parseWithKeys, sendCodeFieldsSchema } from "@chayong/domain";
import { languageOptions } from "@chayong/i18n/lazy";
import { Button, PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { createFileRoute, useRouter } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useRef, useState } from "react";
import * as v from "valibot";
import { useApiMutation } from "../../../data/api-mutation";
import { useCountdown } from "../../../data/use-countdown";
import { serverProblemsOf, useDomainForm } from "../../../forms";
import { useLanguage } from "../../../language/language";
import { entryPath } from "../../../session/back";
import { refusalDetail } from "../../../session/error-catalogue";
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

/** Phone, SMS code ('sent', then 'resend' after a visible countdown), log in (docs/screens.md#login-page). */
function LoginPage() {
  const { _ } = useLingui();
  const router = useRouter();
  const { redirect, reason } = Route.useSearch();
  const signIn = useSetAtom(signInAtom);
  const sendLoginCode = useApiMutation("auth.sendCode");
  const login = useApiMutation("auth.login");
  const [sent, setSent] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const seconds = useCountdown(resendAt);
  const formElement = useRef<HTMLFormElement>(null);
  const { locale, choose } = useLanguage();
  const otherLanguage = languageOptions.find((option) => option.label !== locale);

  // The phone filled in and a 6-digit code (docs/validation.md#login); whether the phone can
  // receive SMS is the server's to say, on the phone: the first screen does not wait for the
  // phone rules (libphonenumber).
  const { form, submit, message, showServerProblems, sayOnField, checkFields } = useDomainForm({
    defaultValues: { phone: "", code: "" },
    request: loginFieldsSchema,
    onSubmit: async (request) => {
      try {
        const answer = await login.mutateAsync(request);
        signIn({ token: answer.token, ...answer.loginInfo });
        await router.navigate({ href: safeRedirect(redirect) ?? entryPath, replace: true });
      } catch (error) {
        // A wrong or expired code is said on the code.
        const text = screenMessage(error, _);
        if (!showServerProblems(serverProblemsOf(error)) && text) sayOnField("code", text);
      }
    },
  });

  const sendCode = async () => {
    if (!checkFields("phone")) return;
    const request = parseWithKeys(sendCodeFieldsSchema, { phone: form.state.values.phone });
    if (!request.ok) return;
    const waitForResend = (seconds: number) => {
      setResendAt(Date.now() + seconds * 1000);
      // The send button is disabled now: the focus goes where the code is typed, not to the page.
      formElement.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
    };
    try {
      const answer = await sendLoginCode.mutateAsync(request.value);
      setSent(true);
      // A fresh start for the code: 'enter the code' from a login tried before the code was
      // asked for is no longer a mistake of his, only the next step.
      form.reset(form.state.values, { keepDefaultValues: true });
      waitForResend(answer.resendAfterSeconds);
    } catch (error) {
      // A code was asked for this phone moments ago (another tab, another device): the wait
      // counts down on the button as after a send (docs/login.md#limits), without saying one was
      // sent here (that code may be used already).
      const cooldown = resendAfterSecondsOf(error);
      if (cooldown !== null) return waitForResend(cooldown);
      const text = screenMessage(error, _);
      if (text) sayOnField("phone", text);
    }
  };

  const sendLabel = !sent
    ? _("login.sendCode")
    : seconds > 0
      ? _("login.codeSent")
      : _("login.resend");

  return (
    <>
      <PageHeader
        title={_("login.title")}
        actions={
          // The other language by its own name, where a first-time reader looks: a phone set to
          // Chinese opens in Korean, the default (docs/screens.md#login-page).
          otherLanguage ? (
            <Button
              variant="ghost"
              lang={otherLanguage.label}
              onClick={() => choose(otherLanguage.label)}
            >
              {otherLanguage.name}
            </Button>
          ) : null
        }
      />
      <form ref={formElement} className="page login" onSubmit={submit} noValidate>
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
          <form.AppField name="phone">
            {(field) => (
              <field.TextField
                label={_("login.phone")}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder={_("login.phone.placeholder")}
                hint={seconds > 0 ? _("login.resendIn", { seconds }) : undefined}
                required
              />
            )}
          </form.AppField>
          <Button
            variant="secondary"
            className="login__send"
            onClick={sendCode}
            loading={sendLoginCode.isPending}
            disabled={seconds > 0}
          >
            {sendLabel}
          </Button>
        </div>
        <form.AppField name="code">
          {(field) => (
            <field.TextField
              label={_("login.code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={_("login.code.placeholder")}
              filter={(typed) => typed.replace(/\D/g, "")}
              required
            />
          )}
        </form.AppField>
        {message ? <p className="page__error">{message}</p> : null}
        <div className="page__actions">
          <Button type="submit" size="lg" block loading={login.isPending || login.isSuccess}>
            {_("login.submit")}
          </Button>
        </div>
      </form>
    </>
  );
}

/** The seconds to wait, when asking for a code was refused because one was sent moments ago. */
function resendAfterSecondsOf(error: unknown): number | null {
  // auth.sendCode's cooldown refusal body: `{ resendAfterSeconds: "40" }`.
  const seconds = Number(refusalDetail(error, 429, "resendAfterSeconds"));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}
