import {
  type ContractExportKind,
  type ContractTypeFilter,
  contractExportFileName,
  contractExportKinds,
  todayIn,
} from "@chayong/domain";
import { Button, Sheet } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { downloadQuery } from "../../data/api-query";
import { screenMessage } from "../../session/screen-message";
import type { ContractStatus } from "./contract-labels";
import { saveCsvFile } from "./save-csv-file";

/** A whole book can take a while to write; far longer than an ordinary call may. */
export const exportTimeoutMs = 120_000;

/** Where the last download of the sheet stands: one file at a time. */
type DownloadProgress =
  | { kind: ContractExportKind; state: "preparing" }
  | { kind: ContractExportKind; state: "done" | "failed"; message: string };

export interface ContractExportFilter {
  status?: ContractStatus;
  type?: Exclude<ContractTypeFilter, "all">;
}

/**
 * The lender's contracts, schedules or ledgers as CSV files, filtered like the list behind it
 * (docs/export.md): one download per file, each with its own progress and its own error.
 */
export function ContractExportSheet({
  open,
  onClose,
  filter,
  timeZone,
}: {
  open: boolean;
  onClose: () => void;
  filter: ContractExportFilter;
  /** The lender's business time zone: the day in the file's name. */
  timeZone: string;
}) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const pending = useRef<readonly unknown[] | null>(null);
  const downloading = progress?.state === "preparing" ? progress.kind : null;

  const download = async (kind: ContractExportKind) => {
    const file = downloadQuery(
      "contract.export",
      { kind, ...(filter.status ? { status: filter.status } : {}), type: filter.type ?? "all" },
      exportTimeoutMs,
    );
    pending.current = file.queryKey;
    setProgress({ kind, state: "preparing" });
    try {
      const text = await queryClient.fetchQuery(file);
      const fileName = contractExportFileName(kind, todayIn(timeZone, new Date()));
      saveCsvFile(text, fileName);
      // Said in the sheet: a toast would sit under the modal sheet, unseen. A file with only its
      // header row is said to be so: nothing matched, the download did not fail.
      const headerEnd = text.indexOf("\n");
      const empty = headerEnd < 0 || text.slice(headerEnd + 1).trim() === "";
      const message = _(empty ? "contract.export.doneEmpty" : "contract.export.done", { fileName });
      setProgress({ kind, state: "done", message });
    } catch (error) {
      const message = screenMessage(error, _);
      // Nothing to say here when the app's error modal already said it, or the user gave up.
      setProgress(message ? { kind, state: "failed", message } : null);
    } finally {
      if (pending.current === file.queryKey) pending.current = null;
    }
  };

  const close = () => {
    // Closing gives up a download still being prepared; nothing is saved then.
    if (pending.current) void queryClient.cancelQueries({ queryKey: pending.current });
    pending.current = null;
    setProgress(null);
    onClose();
  };

  return (
    <Sheet
      open={open}
      onClose={close}
      title={_("contract.export.title")}
      description={
        <>
          {_("contract.export.filter")}
          <br />
          <span className="contract-export__criterion">
            {_("contract.export.filter.status", {
              status: filter.status ? _(`contract.status.${filter.status}`) : _("common.all"),
            })}
          </span>
          {" · "}
          <span className="contract-export__criterion">
            {_("contract.export.filter.type", {
              type: _(`contract.type.${filter.type ?? "all"}`),
            })}
          </span>
        </>
      }
    >
      <ul className="contract-export">
        {contractExportKinds.map((kind) => (
          <li key={kind} className="contract-export__file">
            <div className="contract-export__text">
              <p className="contract-export__name" id={`contract-export-${kind}`}>
                {_(`contract.export.${kind}`)}
              </p>
              <p className="page__note">{_(`contract.export.${kind}.hint`)}</p>
              {progress?.kind === kind && progress.state === "preparing" ? (
                <p className="page__note" role="status">
                  {_("contract.export.preparing")}
                </p>
              ) : null}
              {progress?.kind === kind && progress.state === "done" ? (
                <p className="contract-export__done" role="status">
                  {progress.message}
                </p>
              ) : null}
              {progress?.kind === kind && progress.state === "failed" ? (
                <p className="page__error" role="alert">
                  {progress.message}
                </p>
              ) : null}
            </div>
            <Button
              variant="secondary"
              loading={downloading === kind}
              disabled={downloading !== null && downloading !== kind}
              id={`contract-export-${kind}-download`}
              // Read as "contracts download": three buttons must not all be just "download".
              aria-labelledby={`contract-export-${kind} contract-export-${kind}-download`}
              onClick={() => void download(kind)}
            >
              {_("contract.export.download")}
            </Button>
          </li>
        ))}
      </ul>
      <p className="page__note">{_("contract.export.privacy")}</p>
    </Sheet>
  );
}
