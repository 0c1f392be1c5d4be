import { defaultTimeZoneOf, legalCapFor, todayIn } from "@chayong/domain";
import { Button, Modal, MoneyText, PageHeader, StatusBadge } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { useState } from "react";
import { useApi } from "../../app/services";
import { useLoad } from "../../data/use-load";
import { entryPath } from "../../session/back";
import { asTransportError } from "../../session/error-catalogue";
import { screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";
import { useCurrentUser } from "../../state/current-user";
import { type Contract, isUnsigned } from "../contracts/contract-labels";
import { formatPercent } from "../contracts/percent";
import { enterVerification } from "../identity/flow-history";
import { ContractDocument } from "./contract-document";
import { pendingSignatureAtom } from "./pending-signature";

/**
 * The borrower's sign page, opened from the share link (`#/pages/loans/sign?code=...`): the
 * contract document and its cost of credit, then 'click to sign' -> the signature canvas ->
 * 're-sign' or 'confirm signing' -> the spec's congratulations (spec §2).
 */
export function SignPage({ code }: { code: string }) {
  const { _ } = useLingui();
  const api = useApi();
  const back = useBack();
  const contract = useLoad(() => api.contract.open({ code }), [api, code]);
  return (
    <>
      <PageHeader title={_("sign.title")} onBack={back} />
      <div className="page page--above-service">
        {contract.status === "loading" && !contract.data ? (
          <p className="page__note">{_("common.loading")}</p>
        ) : null}
        {contract.status === "failed" ? (
          <p className="page__error">{screenMessage(contract.error, _, "contract.notFound")}</p>
        ) : null}
        {contract.data ? <SignContract contract={contract.data} code={code} /> : null}
      </div>
    </>
  );
}

function SignContract({ contract: opened, code }: { contract: Contract; code: string }) {
  const { _, i18n } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const router = useRouter();
  const [contract, setContract] = useState(opened);
  const [signature, setSignature] = useAtom(pendingSignatureAtom);
  const drawn = signature?.code === code ? signature : null;
  const [signing, setSigning] = useState(false);
  const [signError, setSignError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const cap = legalCapFor(
    contract.jurisdiction,
    todayIn(defaultTimeZoneOf(contract.jurisdiction), new Date()),
  );
  const money = (amount: number) => (
    <MoneyText amount={amount} currency={contract.currency} locale={i18n.locale} />
  );

  const openCanvas = () => void navigate({ to: "/pages/loans/signature", search: { code } });

  // A borrower signs only once verified (the server refuses 'identity.notVerified' until then):
  // the verification flow starts at the step not done yet and comes back to this page.
  const user = useCurrentUser();
  const isBorrower = user.data?.role === "borrower";
  const identity = useLoad(
    async () => (isBorrower ? api.identity.userDetail() : null),
    [api, isBorrower],
  );
  const unverified = identity.data?.verified === false;
  // One push into the flow; finishing goes back here (history: [..., sign]).
  const verify = (progress: { faceVerified: boolean }) => void enterVerification(router, progress);

  const confirm = async () => {
    if (!drawn) {
      setSignError(_("signature.incomplete"));
      return;
    }
    setSigning(true);
    setSignError(null);
    try {
      const signed = await api.contract.sign({ id: contract.id, signature: drawn.dataUrl });
      setContract(signed);
      setSignature(null);
      setSucceeded(true);
    } catch (error) {
      // 'identity.notVerified' is a 409 whose message is already translated: the record says.
      if (asTransportError(error)?.status === 409) {
        const progress = await api.identity.userDetail().catch(() => null);
        if (progress && !progress.verified) {
          verify(progress);
          return;
        }
      }
      setSignError(screenMessage(error, _));
    } finally {
      setSigning(false);
    }
  };

  return (
    <>
      <header className="contract-detail__head">
        <h2 className="contract-detail__name">{contract.name}</h2>
        <StatusBadge status={contract.status} label={_(`contract.status.${contract.status}`)} />
      </header>

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

      <ContractDocument id={contract.id} signedAt={contract.signedAt} />

      {isUnsigned(contract.status) ? (
        <section className="page__section" aria-labelledby="sign-area">
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
          ) : drawn ? (
            <>
              <img
                className="signature-preview"
                src={drawn.dataUrl}
                alt={_("sign.borrowerSignature")}
              />
              <div className="page__buttons">
                <Button variant="secondary" block onClick={openCanvas} disabled={signing}>
                  {_("sign.resign")}
                </Button>
                <Button block onClick={confirm} loading={signing}>
                  {_("sign.confirm")}
                </Button>
              </div>
            </>
          ) : (
            <button type="button" className="signature-placeholder" onClick={openCanvas}>
              {_("sign.tapToSign")}
            </button>
          )}
          {signError ? (
            <p className="page__error" role="alert">
              {signError}
            </p>
          ) : null}
        </section>
      ) : (
        <p className="page__note sign__signed">
          {_("sign.signed")} {contract.signedAt ? `· ${contract.signedAt.slice(0, 10)}` : ""}
        </p>
      )}

      <Modal
        open={succeeded}
        title={_("sign.signed")}
        confirmLabel={_("common.confirm")}
        onConfirm={() => {
          setSucceeded(false);
          void navigate({ to: entryPath, replace: true });
        }}
      >
        {_("sign.success")}
      </Modal>
    </>
  );
}
