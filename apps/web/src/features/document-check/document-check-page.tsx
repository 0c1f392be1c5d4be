import "./document-check.css";
import { formatInstant } from "@chayong/i18n/lazy";
import type { DocumentVerification } from "@chayong/sdk";
import { PageHeader } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { type ChangeEvent, type DragEvent, useState } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { screenMessage } from "../../session/screen-message";
import { useBack } from "../../session/use-back";

type Check =
  | { state: "idle" }
  | { state: "checking"; fileName: string; percent: number }
  | { state: "done"; fileName: string; answer: DocumentVerification }
  | { state: "failed"; message: string };

/**
 * Anyone checks a contract PDF (docs/contract-pdf.md, "Verifying"): drops it or picks it, and
 * reads whether it is the sealed original, unchanged, with what it says; or why it is not.
 * No login: a court clerk or a borrower's family has no account.
 */
export function DocumentCheckPage() {
  const { _, i18n } = useLingui();
  const back = useBack();
  const verify = useApiMutation("document.verify");
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const [dragging, setDragging] = useState(false);

  const checkFile = async (file: File) => {
    setCheck({ state: "checking", fileName: file.name, percent: 0 });
    try {
      const answer = await verify.mutateAsync({
        file,
        onProgress: (percent) =>
          setCheck((now) => (now.state === "checking" ? { ...now, percent } : now)),
      });
      setCheck({ state: "done", fileName: file.name, answer });
    } catch (error) {
      const message = screenMessage(error, _);
      setCheck(message ? { state: "failed", message } : { state: "idle" });
    }
  };
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be picked again after a change.
    event.target.value = "";
    if (file) void checkFile(file);
  };
  const dropped = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void checkFile(file);
  };

  return (
    <>
      <PageHeader title={_("documentCheck.title")} onBack={back} />
      <div className="page page--above-service">
        <section className="page__section">
          <p className="page__note">{_("documentCheck.intro")}</p>
          <label
            className={
              dragging ? "document-check__drop document-check__drop--over" : "document-check__drop"
            }
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={dropped}
          >
            <input
              type="file"
              accept="application/pdf,.pdf"
              className="document-check__input"
              onChange={picked}
              disabled={check.state === "checking"}
            />
            <span className="document-check__choose">{_("documentCheck.choose")}</span>
            <span className="page__note">{_("documentCheck.dropHint")}</span>
          </label>
          {check.state === "checking" ? (
            <p className="page__note" role="status">
              {_("documentCheck.checking", {
                fileName: check.fileName,
                percent: Math.round(check.percent),
              })}
            </p>
          ) : null}
          {check.state === "failed" ? (
            <p className="page__error" role="alert">
              {check.message}
            </p>
          ) : null}
        </section>
        {check.state === "done" ? (
          <DocumentCheckResult
            fileName={check.fileName}
            answer={check.answer}
            locale={i18n.locale}
          />
        ) : null}
      </div>
    </>
  );
}

function DocumentCheckResult({
  fileName,
  answer,
  locale,
}: {
  fileName: string;
  answer: DocumentVerification;
  locale: string;
}) {
  const { _ } = useLingui();
  const reasons = {
    notPdf: _("documentCheck.reason.notPdf"),
    notSigned: _("documentCheck.reason.notSigned"),
    otherSigner: _("documentCheck.reason.otherSigner"),
    changed: _("documentCheck.reason.changed"),
    broken: _("documentCheck.reason.broken"),
  } as const;
  const statement = answer.document === "statement";
  return (
    <section
      className={`page__section document-check__result document-check__result--${answer.valid ? "valid" : "invalid"}`}
      aria-live="polite"
      aria-labelledby="document-check-verdict"
    >
      <h2 className="page__section-title" id="document-check-verdict">
        {answer.valid ? _("documentCheck.valid") : _("documentCheck.invalid")}
      </h2>
      <p className="page__note">{fileName}</p>
      {answer.valid ? (
        <dl className="document-check__facts">
          <dt>{_("documentCheck.document")}</dt>
          <dd>
            {statement
              ? _("documentCheck.document.statement")
              : _("documentCheck.document.contract")}
          </dd>
          <dt>{_("documentCheck.contractNumber")}</dt>
          <dd>{answer.contractNumber}</dd>
          <dt>{_("documentCheck.signedAt")}</dt>
          <dd>{answer.signedAt ? formatInstant(answer.signedAt, locale, zoneOf(answer)) : "-"}</dd>
          <dt>{statement ? _("documentCheck.issuedAt") : _("documentCheck.sealedAt")}</dt>
          <dd>{answer.sealedAt ? formatInstant(answer.sealedAt, locale, zoneOf(answer)) : "-"}</dd>
          <dt>{_("documentCheck.termsHash")}</dt>
          <dd className="document-check__hash">{answer.termsSha256}</dd>
        </dl>
      ) : (
        <p>{answer.reason ? reasons[answer.reason] : null}</p>
      )}
      <p className="page__note document-check__hash">
        {_("documentCheck.fileHash", { hash: answer.pdfSha256 })}
      </p>
    </section>
  );
}

/** The document's moments in its contract's zone, as the PDF writes them (docs/screens.md). */
function zoneOf(answer: { timeZone: string | null }): { timeZone?: string } {
  return answer.timeZone === null ? {} : { timeZone: answer.timeZone };
}
