import "./contract-pdf.css";
import { contractPdfFileName, statementPdfFileName, todayIn } from "@chayong/domain";
import type { ContractSeal } from "@chayong/sdk";
import { Button } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { downloadQuery } from "../../../data/api-query";
import { screenMessage } from "../../../session/screen-message";
import { savePdfFile } from "./save-pdf-file";

/** Drawing a PDF with its fonts takes the server a few seconds; more than an ordinary call. */
export const pdfTimeoutMs = 60_000;

type Progress =
  | { state: "idle" }
  | { state: "preparing" }
  | { state: "done" | "failed"; message: string };

/**
 * The signed contract as a PDF file (docs/contract-pdf.md), for its lender and its borrower:
 * one button with its own progress, its result and its translated error under it. Shown only
 * for a signed contract (the server refuses an unsigned one).
 */
export function ContractPdfDownload({
  contract,
  document = "contract",
}: {
  contract: { id: string; number: string; seal?: ContractSeal | null };
  /** The sealed contract, or a ledger statement as of today (docs/contract-pdf.md). */
  document?: "contract" | "statement";
}) {
  const { _ } = useLingui();
  const endpoint = document === "contract" ? "contract.pdf" : "contract.statement";
  const nameId = `${endpoint.replace(".", "-")}-name`;
  const buttonId = `${endpoint.replace(".", "-")}-download`;
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Progress>({ state: "idle" });
  const leaving = useRef(false);
  // Leaving the page gives up a PDF still being prepared.
  useEffect(() => {
    leaving.current = false;
    return () => {
      leaving.current = true;
      const { queryKey } = downloadQuery(endpoint, { id: contract.id }, pdfTimeoutMs);
      void queryClient.cancelQueries({ queryKey });
    };
  }, [queryClient, contract.id, endpoint]);

  const download = async () => {
    setProgress({ state: "preparing" });
    try {
      const bytes = await queryClient.fetchQuery(
        downloadQuery(endpoint, { id: contract.id }, pdfTimeoutMs),
      );
      const fileName =
        document === "contract"
          ? contractPdfFileName(contract.number)
          : // The reader's day: the server's (the lender's time zone) may differ by one.
            statementPdfFileName(
              contract.number,
              todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date()),
            );
      savePdfFile(bytes, fileName);
      setProgress({ state: "done", message: _("contract.pdf.done", { fileName }) });
    } catch (error) {
      if (leaving.current) return;
      const message = screenMessage(error, _);
      // Nothing to say here when the app's error modal already said it.
      setProgress(message ? { state: "failed", message } : { state: "idle" });
    }
  };

  return (
    <section className="contract-pdf" aria-labelledby={nameId}>
      <div className="contract-pdf__text">
        <p className="contract-pdf__name" id={nameId}>
          {document === "contract" ? _("contract.pdf.title") : _("contract.statement.title")}
        </p>
        <p className="page__note">
          {document === "contract" ? _("contract.pdf.hint") : _("contract.statement.hint")}
        </p>
        {document === "contract" && contract.seal ? (
          <p className="page__note contract-pdf__seal">
            {_("contract.pdf.sealed", { hash: contract.seal.pdfSha256 })}{" "}
            <Link to="/pages/verify">{_("contract.pdf.checkLink")}</Link>
          </p>
        ) : null}
        {progress.state === "preparing" ? (
          <p className="page__note" role="status">
            {_("contract.pdf.preparing")}
          </p>
        ) : null}
        {progress.state === "done" ? (
          <p className="contract-pdf__done" role="status">
            {progress.message}
          </p>
        ) : null}
        {progress.state === "failed" ? (
          <p className="page__error" role="alert">
            {progress.message}
          </p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        loading={progress.state === "preparing"}
        icon={<DownloadIcon />}
        onClick={() => void download()}
        id={buttonId}
        // Read as "signed contract (PDF), download": the row's title names the file.
        aria-labelledby={`${nameId} ${buttonId}`}
      >
        {_("contract.pdf.download")}
      </Button>
    </section>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 4v11m0 0l-4-4m4 4l4-4M5 19h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
