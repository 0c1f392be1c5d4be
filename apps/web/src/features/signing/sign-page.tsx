import { defaultTimeZoneOf, formatMoney, legalCapFor, todayIn } from "@chayong/domain";
import { formatInstant, formatRecordedInstant } from "@chayong/i18n/lazy";
import {
  Button,
  Checkbox,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Modal,
  MoneyText,
  PageHeader,
  StatusBadge,
} from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { type ErrorComponentProps, useNavigate, useRouter } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { useEffect, useId, useRef, useState } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery, currentUserQuery } from "../../data/api-query";
import { entryPath } from "../../session/back";
import { asTransportError, refusalDetail } from "../../session/error-catalogue";
import { failureMessage, screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
import { isUnsigned } from "../contracts/contract-labels";
import { ContractPdfDownload } from "../contracts/contract-pdf";
import { formatPercent } from "../contracts/percent";
import { enterVerification } from "../identity/flow-history";
import { ContractDocument } from "./contract-document";
import { pendingSignatureAtom, readConfirmedAtom } from "./pending-signature";
import { LenderLinkNotice, WrongPhoneNotice } from "./wrong-phone-notice";

/**
 * The borrower's sign page, opened from the share link (`#/pages/loans/sign?code=...`): the
 * contract document and its cost of credit, then 'click to sign' -> the signature canvas ->
 * back here, then a deliberate act (docs/contracts.md, "Signing"): 'I have read the contract and
 * its cost' ticked and a signature drawn enable 'confirm signing' in the bar at the bottom, and
 * a last question names what the borrower receives and repays before anything is sent.
 */
export function SignPage({ code }: { code: string }) {
  const { _ } = useLingui();
  const back = useBack();
  return (
    <>
      <PageHeader title={_("sign.title")} onBack={back} />
      <div className="page page--above-service">
        <SignContract code={code} />
      </div>
    </>
  );
}

/**
 * Why the contract did not open (its route's error component), and the way on: a phone other
 * than the one it was sent to is told which one; a lender's account, that the link is the
 * borrower's; a link the server refused (wrong, deleted)
 * says so and leads home; a failed connection offers to try again.
 */
export function SignPageFailure({ error }: ErrorComponentProps) {
  const { _, i18n } = useLingui();
  const back = useBack();
  const router = useRouter();
  const navigate = useNavigate();
  const sentTo = sentToPhoneOf(error);
  const expiredAt = linkExpiredAtOf(error);
  const user = useQuery(currentUserQuery());
  // Only a borrower may open a share link: a lender's account is refused before any lookup.
  const openedByLender =
    user.data?.role === "lender" && asTransportError(error)?.serverKey === "access.forbidden";
  return (
    <>
      <PageHeader title={_("sign.title")} onBack={back} />
      <div className="page page--above-service">
        {sentTo ? (
          <WrongPhoneNotice sentToPhone={sentTo} />
        ) : openedByLender ? (
          <LenderLinkNotice />
        ) : expiredAt ? (
          <EmptyState
            title={_("sign.linkExpired.title")}
            description={_("sign.linkExpired.description", {
              date: formatInstant(expiredAt, i18n.locale),
            })}
            action={
              <Button
                variant="secondary"
                onClick={() => void navigate({ to: "/pages/index/index", replace: true })}
              >
                {_("notFound.home")}
              </Button>
            }
          />
        ) : asTransportError(error)?.kind === "envelope-status" ? (
          <EmptyState
            title={screenMessage(error, _, "contract.notFound")}
            description={_("sign.linkInvalid")}
            action={
              <Button
                variant="secondary"
                onClick={() => void navigate({ to: "/pages/index/index", replace: true })}
              >
                {_("notFound.home")}
              </Button>
            }
          />
        ) : (
          <ErrorState
            title={_("contract.notFound")}
            description={failureMessage(error, _)}
            retryLabel={_("common.retry")}
            onRetry={() => void router.invalidate()}
          />
        )}
      </div>
    </>
  );
}

/** When the link stopped working, when opening was refused for an expired link. */
function linkExpiredAtOf(error: unknown): string | null {
  // contract.open's refusal body: `{ linkExpiresAt: "<ISO instant>" }`.
  return refusalDetail(error, 409, "linkExpiresAt");
}

/** The masked number a contract was sent to, when opening it was refused for the wrong phone. */
function sentToPhoneOf(error: unknown): string | null {
  // contract.open's refusal body (packages/sdk API.md): `{ sentToPhone: "010-****-5678" }`.
  return refusalDetail(error, 403, "sentToPhone");
}

function SignContract({ code }: { code: string }) {
  const { _, i18n } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const opened = apiQuery("contract.open", { code });
  const { data: contract } = useSuspenseQuery(opened);
  const [signature, setSignature] = useAtom(pendingSignatureAtom);
  const drawn = signature?.code === code ? signature : null;
  const [confirmedCode, setConfirmedCode] = useAtom(readConfirmedAtom);
  const agreed = confirmedCode === code;
  const setAgreed = (checked: boolean) => setConfirmedCode(checked ? code : null);
  const [asking, setAsking] = useState(false);
  // A debt already overdue is signed only knowingly (docs/contracts.md, "Signing into an
  // overdue debt"): the server refuses without this tick.
  const overdue = contract.overdueAtSigning;
  const [overdueAcknowledged, setOverdueAcknowledged] = useState(false);
  const [signError, setSignError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const signContract = useApiMutation("contract.sign");
  const signing = signContract.isPending;
  const gateId = useId();
  const cap = legalCapFor(
    contract.jurisdiction,
    todayIn(defaultTimeZoneOf(contract.jurisdiction), new Date()),
  );
  const money = (amount: number) => (
    <MoneyText amount={amount} currency={contract.currency} locale={i18n.locale} />
  );

  const openCanvas = () => void navigate({ to: "/pages/loans/signature", search: { code } });

  // Back from the canvas the page would open at its top, the signature a long scroll away: bring
  // the signature area into view, now and again once the document above it has its height.
  const signatureArea = useRef<HTMLElement>(null);
  const revealPending = useRef(drawn?.justSaved === true);
  const revealSignature = () => {
    if (!revealPending.current) return;
    signatureArea.current?.scrollIntoView?.({ block: "center" });
  };
  // Once, on arrival from the canvas.
  useEffect(() => {
    if (!revealPending.current) return;
    revealSignature();
    // Spent: a reload or a later visit opens at the top as usual.
    setSignature((current) => (current ? { ...current, justSaved: false } : current));
    const settled = window.setTimeout(() => {
      revealPending.current = false;
    }, 3000);
    return () => window.clearTimeout(settled);
  }, []);

  // A borrower signs only once verified (the server refuses 'identity.notVerified' until then):
  // the verification flow starts at the step not done yet and comes back to this page.
  const isBorrower = useSuspenseQuery(currentUserQuery()).data.role === "borrower";
  const identity = useQuery({ ...apiQuery("identity.userDetail"), enabled: isBorrower });
  const unverified = identity.data?.verified === false;
  // One push into the flow; finishing goes back here (history: [..., sign]).
  const verify = (progress: { faceVerified: boolean }) => void enterVerification(router, progress);

  const missing = !drawn
    ? _("sign.needSignature")
    : overdue && !overdueAcknowledged
      ? _("sign.needOverdueAcknowledged")
      : !agreed
        ? _("sign.needReadConfirm")
        : null;

  const sign = async () => {
    if (!drawn) return;
    setSignError(null);
    try {
      const signed = await signContract.mutateAsync({
        id: contract.id,
        signature: drawn.dataUrl,
        ...(overdue ? { acknowledgeOverdue: overdueAcknowledged } : {}),
      });
      setAsking(false);
      queryClient.setQueryData(opened.queryKey, signed);
      setSignature(null);
      setConfirmedCode(null);
      setSucceeded(true);
    } catch (error) {
      setAsking(false);
      // 'identity.notVerified' is a 409 whose message is already translated: the record says.
      if (asTransportError(error)?.status === 409) {
        // The contract as it is now: a due date may have passed since the page was read (the
        // server then asks for the overdue tick, which the page shows once it knows).
        await queryClient.refetchQueries({ queryKey: opened.queryKey }).catch(() => {});
        // The record as it is now, not as the page read it.
        const progress = await queryClient
          .fetchQuery({ ...apiQuery("identity.userDetail"), staleTime: 0 })
          .catch(() => null);
        if (progress && !progress.verified) {
          verify(progress);
          return;
        }
      }
      // The drawing stays: trying again needs no new signature.
      setSignError(screenMessage(error, _));
    }
  };

  // docs/identity.md, "Three outcomes": a face check that came out 'review' waits for this
  // contract's lender; refused, the borrower takes a new live capture.
  const faceReview = contract.parties.borrower.faceReview;
  const waitingForReview = faceReview === "pending" || faceReview === "refused";
  const signable = isUnsigned(contract.status) && !unverified && !waitingForReview;
  return (
    <>
      <header className="contract-detail__head">
        <h2 className="contract-detail__name">{contract.name}</h2>
        <StatusBadge status={contract.status} label={_(`contract.status.${contract.status}`)} />
      </header>
      <p className="contract-detail__number">
        {_("document.contractCode")} {contract.number}
      </p>

      {overdue && isUnsigned(contract.status) ? (
        <section className="overdue-warning" aria-labelledby="sign-overdue" role="alert">
          <h3 className="overdue-warning__title" id="sign-overdue">
            {_("sign.overdue.title")}
          </h3>
          <p className="overdue-warning__owed">
            {_("sign.overdue.owedAtOnce")} <strong>{money(overdue.overdueAmount)}</strong>
          </p>
          <p className="overdue-warning__detail">
            {_("sign.overdue.detail", {
              days: overdue.daysOverdue,
              interest: formatMoney(overdue.overdueInterest, contract.currency, {
                locale: i18n.locale,
              }),
            })}
          </p>
        </section>
      ) : null}

      <section className="cost-preview" aria-labelledby="sign-cost">
        <h3 className="page__section-title" id="sign-cost">
          {_("cost.title")}
        </h3>
        <dl className="definition-list">
          <dt>{_("cost.effectiveAnnualRate")}</dt>
          <dd className="cost-preview__rate">
            {formatPercent(contract.effectiveAnnualRatePercent, i18n.locale)}%
          </dd>
          <dt>{_("cost.legalCap")}</dt>
          <dd>{formatPercent(cap.ratePercent, i18n.locale)}%</dd>
          <dt>{_("cost.amountReceived")}</dt>
          <dd>{money(contract.amountReceived)}</dd>
          <dt>{_("cost.totalRepayable")}</dt>
          <dd>{money(contract.totalRepayable)}</dd>
        </dl>
        <p className="page__note">{_("cost.explanation")}</p>
      </section>

      <ContractDocument id={contract.id} onReady={revealSignature} />

      {isUnsigned(contract.status) ? (
        <section
          className="page__section sign__area"
          aria-labelledby="sign-area"
          ref={signatureArea}
        >
          <h3 className="page__section-title" id="sign-area">
            {_("sign.borrowerSignature")}
          </h3>
          {unverified && identity.data ? (
            <>
              <p className="page__note sign__verify-note">{_("identity.notVerified")}</p>
              <Button size="lg" block onClick={() => identity.data && verify(identity.data)}>
                {_("sign.verifyToSign")}
              </Button>
            </>
          ) : faceReview === "pending" ? (
            <p className="page__note sign__verify-note" role="status">
              {_("identity.underReview")}
            </p>
          ) : faceReview === "refused" ? (
            <>
              <p className="page__note sign__verify-note" role="status">
                {_("identity.reviewRefused")}
              </p>
              <Button size="lg" block onClick={() => verify({ faceVerified: false })}>
                {_("sign.verifyAgain")}
              </Button>
            </>
          ) : drawn ? (
            <>
              <button type="button" className="signature-preview" onClick={openCanvas}>
                <img src={drawn.dataUrl} alt={_("sign.borrowerSignature")} />
              </button>
              <Button variant="secondary" block onClick={openCanvas} disabled={signing}>
                {_("sign.resign")}
              </Button>
            </>
          ) : (
            <button type="button" className="signature-placeholder" onClick={openCanvas}>
              {_("sign.tapToSign")}
            </button>
          )}
          {signable && overdue ? (
            <Checkbox
              className="sign__read-confirm sign__overdue-confirm"
              label={_("sign.overdue.acknowledge", {
                amount: formatMoney(overdue.overdueAmount, contract.currency, {
                  locale: i18n.locale,
                }),
              })}
              checked={overdueAcknowledged}
              onCheckedChange={setOverdueAcknowledged}
              disabled={signing}
            />
          ) : null}
          {signable ? (
            <Checkbox
              className="sign__read-confirm"
              label={_("sign.readConfirm")}
              checked={agreed}
              onCheckedChange={setAgreed}
              disabled={signing}
            />
          ) : null}
        </section>
      ) : (
        <p className="page__note sign__signed">
          {_("sign.signed")}{" "}
          {contract.signedAt
            ? // In the contract's zone and notation, as its document writes it (docs/screens.md, "Times").
              `· ${formatRecordedInstant(contract.signedAt, i18n.locale, defaultTimeZoneOf(contract.jurisdiction))}`
            : ""}
        </p>
      )}

      {signable ? (
        <div className="sign-bar" data-testid="sign-bar">
          {signError ? (
            <p className="sign-bar__error" role="alert">
              {signError}
            </p>
          ) : missing ? (
            <p className="sign-bar__hint" id={gateId}>
              {missing}
            </p>
          ) : null}
          <Button
            size="lg"
            block
            disabled={missing !== null}
            loading={signing}
            aria-describedby={missing ? gateId : undefined}
            onClick={() => {
              setSignError(null);
              setAsking(true);
            }}
          >
            {signing ? _("sign.signing") : _("sign.confirm")}
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={asking}
        title={_("sign.confirmDialog.title")}
        message={
          <>
            <dl className="definition-list sign-dialog__figures">
              <dt>{_("cost.amountReceived")}</dt>
              <dd>{money(contract.amountReceived)}</dd>
              <dt>{_("cost.totalRepayable")}</dt>
              <dd>{money(contract.totalRepayable)}</dd>
              <dt>{_("cost.effectiveAnnualRate")}</dt>
              <dd>{formatPercent(contract.effectiveAnnualRatePercent, i18n.locale)}%</dd>
              {overdue ? (
                <>
                  <dt>{_("sign.overdue.owedAtOnce")}</dt>
                  <dd className="sign-dialog__overdue">{money(overdue.overdueAmount)}</dd>
                </>
              ) : null}
            </dl>
            <span className="sign-dialog__note">{_("sign.confirmDialog.note")}</span>
          </>
        }
        confirmLabel={_("sign.confirmDialog.confirm")}
        confirming={signing}
        onConfirm={() => void sign()}
        onCancel={() => {
          if (!signing) setAsking(false);
        }}
      />

      <Modal
        open={succeeded}
        title={_("sign.signed")}
        confirmLabel={_("common.confirm")}
        onConfirm={() => {
          setSucceeded(false);
          void navigate({ to: entryPath, replace: true });
        }}
      >
        <p>{_("sign.success")}</p>
        {/* The sealed contract, to keep now (docs/contract-pdf.md, "Sealing"). */}
        {contract.seal ? <ContractPdfDownload contract={contract} /> : null}
      </Modal>
    </>
  );
}
