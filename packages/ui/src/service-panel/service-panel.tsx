import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "../button/button";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";
import { Toast, toastDurationMs, useOptionalToast } from "../toast/toast";
import { canCopyImages, copyImageToClipboard } from "./copy-image-to-clipboard";
import { copyToClipboard } from "./copy-to-clipboard";

/** The customer-service contact (docs/entities.md#service-config: line_img, line, line_url). */
export interface ServiceContact {
  /** QR image of the messaging account (line_img). */
  qrImageUrl?: string;
  /** Messaging account id (line). */
  accountId?: string;
  /** Link to open the chat (line_url). */
  link?: string;
}

export type ServiceCopyKind = "qr" | "account" | "link";

export interface ServicePanelProps extends ServiceContact {
  /** Heading; defaults to the translated 'customer service'. */
  title?: ReactNode;
  /** The contact is still loading. */
  loading?: boolean;
  /** Loading the contact failed; shown instead of it. */
  error?: ReactNode;
  /** No contact is set up: a neutral note shown instead of it (not an error). */
  empty?: ReactNode;
  /** Toast text after a copy; defaults to the translated 'copied' ('已復製' in zh-TW). */
  copiedMessage?: ReactNode;
  /** Called after each successful copy. */
  onCopied?: (kind: ServiceCopyKind, text: string) => void;
  /** Replaces the clipboard write (tests, native bridges). Resolves true when copied. */
  copyText?: (text: string) => Promise<boolean>;
  /**
   * Copies the QR image itself; without one (or when it fails) the QR's action copies its link
   * and says so. Defaults to the Clipboard API where the browser has it.
   */
  copyImage?: ((url: string) => Promise<boolean>) | null;
  labels?: Partial<
    Record<ServiceCopyKind | "copy" | "copyImage" | "copyLink" | "linkCopied", string>
  >;
  className?: string;
}

/**
 * The customer-service panel (docs/service-button.md#what-it-opens): QR image, account id and link, each with a copy action
 * that shows the 'copied' toast (through the app's ToastProvider when there is one).
 */
export function ServicePanel({
  qrImageUrl,
  accountId,
  link,
  title,
  loading = false,
  error,
  empty,
  copiedMessage,
  onCopied,
  copyText = copyToClipboard,
  copyImage = canCopyImages() ? copyImageToClipboard : null,
  labels = {},
  className,
}: ServicePanelProps) {
  const t = useUiText();
  const appToast = useOptionalToast();
  const [localToast, setLocalToast] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copyLabel = labels.copy ?? t("common.copy");
  const copied = copiedMessage ?? t("common.copied");
  const [toastText, setToastText] = useState<ReactNode>(copied);

  const showToast = (message: ReactNode) => {
    if (appToast) {
      appToast.show(message, { tone: "success" });
      return;
    }
    clearTimeout(timer.current);
    setToastText(message);
    setLocalToast((n) => n + 1);
    timer.current = setTimeout(() => setLocalToast(0), toastDurationMs);
  };

  const copy = async (kind: ServiceCopyKind, text: string) => {
    // The QR's action copies the picture where the browser can; else its link, and says so.
    if (kind === "qr" && copyImage && (await copyImage(text))) {
      onCopied?.(kind, text);
      showToast(copied);
      return;
    }
    if (!(await copyText(text))) return;
    onCopied?.(kind, text);
    showToast(kind === "qr" ? (labels.linkCopied ?? t("service.qrLinkCopied")) : copied);
  };
  const actionLabel = (kind: ServiceCopyKind) =>
    kind !== "qr"
      ? copyLabel
      : copyImage
        ? (labels.copyImage ?? t("common.copyImage"))
        : (labels.copyLink ?? t("common.copyLink"));

  const rows: Array<{ kind: ServiceCopyKind; label: string; value?: string; content: ReactNode }> =
    [
      {
        kind: "qr",
        label: labels.qr ?? t("service.qr"),
        value: qrImageUrl,
        content: qrImageUrl ? (
          <img
            className="cy-service-panel__qr"
            src={qrImageUrl}
            alt={labels.qr ?? t("service.qr")}
          />
        ) : null,
      },
      {
        kind: "account",
        label: labels.account ?? t("service.account"),
        value: accountId,
        content: <span className="cy-service-panel__value">{accountId}</span>,
      },
      {
        kind: "link",
        label: labels.link ?? t("service.link"),
        value: link,
        content: link ? (
          <a
            className="cy-service-panel__value cy-service-panel__link"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
          >
            {link}
          </a>
        ) : null,
      },
    ];

  return (
    <section className={classNames("cy-service-panel", className)} aria-busy={loading || undefined}>
      <h2 className="cy-service-panel__title">{title ?? t("service.title")}</h2>
      {error ? (
        <p className="cy-service-panel__error" role="alert">
          {error}
        </p>
      ) : loading ? (
        <div className="cy-service-panel__skeleton" aria-hidden="true" />
      ) : empty ? (
        <p className="cy-service-panel__empty">{empty}</p>
      ) : (
        <dl className="cy-service-panel__rows">
          {rows
            .filter((row) => row.value)
            .map((row) => (
              <div
                key={row.kind}
                className={classNames(
                  "cy-service-panel__row",
                  `cy-service-panel__row--${row.kind}`,
                )}
              >
                <dt className="cy-service-panel__label">{row.label}</dt>
                <dd className="cy-service-panel__content">
                  {row.content}
                  <Button
                    variant="secondary"
                    className="cy-service-panel__copy"
                    aria-label={`${actionLabel(row.kind)} ${row.label}`}
                    onClick={() => void copy(row.kind, row.value ?? "")}
                  >
                    {actionLabel(row.kind)}
                  </Button>
                </dd>
              </div>
            ))}
        </dl>
      )}
      {appToast ? null : (
        <div className="cy-toast-region cy-toast-region--inline" role="status" aria-live="polite">
          {localToast ? <Toast key={localToast} message={toastText} /> : null}
        </div>
      )}
    </section>
  );
}
