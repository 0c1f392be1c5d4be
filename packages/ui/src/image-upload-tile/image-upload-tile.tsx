import { type ReactNode, useId } from "react";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";

export type IdCardPhotoKind = "front" | "back" | "holding";

export type UploadState =
  | { status: "empty" }
  | { status: "uploading" /** 0-100 when known */; progress?: number }
  | { status: "done" }
  | { status: "error"; message?: ReactNode };

export interface ImageUploadTileProps {
  /** Which photo: ID card front, back, or the borrower holding it. */
  kind: IdCardPhotoKind;
  /** Upload state; the app runs the upload and reports progress. */
  state: UploadState;
  /** Preview of the chosen or uploaded image (object URL or the stored image's URL). */
  previewUrl?: string;
  /** The user picked a file (camera or album). */
  onSelect: (file: File) => void;
  /** Retry after an error. */
  onRetry?: () => void;
  /** Replaces the translated name of the photo. */
  label?: ReactNode;
  /** Input accept list; images only by default. */
  accept?: string;
  /** `environment` opens the back camera directly on phones; omit to offer album or camera. */
  capture?: "user" | "environment";
  /** Refuses new picks (e.g. after signing, when identity is locked). */
  disabled?: boolean;
  className?: string;
}

/**
 * One of the ID-card photo slots (front / back / holding): tap to pick or take a photo, see the
 * preview, the upload's progress, and retry on failure.
 */
export function ImageUploadTile({
  kind,
  state,
  previewUrl,
  onSelect,
  onRetry,
  label,
  accept = "image/jpeg,image/png,image/webp",
  capture,
  disabled = false,
  className,
}: ImageUploadTileProps) {
  const t = useUiText();
  const inputId = useId();
  const statusId = useId();
  const name = label ?? t(`upload.${kind}`);
  const uploading = state.status === "uploading";
  const progress = state.status === "uploading" ? state.progress : undefined;
  return (
    <div className={classNames("cy-upload-tile", `cy-upload-tile--${state.status}`, className)}>
      <label className="cy-upload-tile__target" htmlFor={inputId}>
        {previewUrl ? (
          <img className="cy-upload-tile__preview" src={previewUrl} alt="" />
        ) : (
          <span
            className={classNames("cy-upload-tile__art", `cy-upload-tile__art--${kind}`)}
            aria-hidden="true"
          />
        )}
        <span className="cy-upload-tile__name">{name}</span>
        <span className="cy-upload-tile__action">
          {/* After an error too: the tile is still where to tap for another photo. */}
          {state.status === "uploading"
            ? null
            : state.status === "done" || (state.status === "error" && previewUrl)
              ? t("upload.replace")
              : t("upload.tapToUpload")}
        </span>
      </label>
      <input
        id={inputId}
        className="cy-visually-hidden"
        type="file"
        accept={accept}
        capture={capture}
        disabled={disabled || uploading}
        aria-describedby={statusId}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Reset, so picking the same file again after an error fires change again.
          event.currentTarget.value = "";
          if (file) onSelect(file);
        }}
      />
      <div className="cy-upload-tile__status" id={statusId} aria-live="polite">
        {uploading ? (
          <>
            <span>{t("upload.uploading")}</span>
            <progress
              className="cy-upload-tile__progress"
              max={100}
              value={progress}
              aria-label={`${typeof name === "string" ? name : ""} ${t("upload.uploading")}`.trim()}
            />
          </>
        ) : null}
        {state.status === "error" ? (
          <span className="cy-upload-tile__error" role="alert">
            {state.message ?? t("upload.failed")}
          </span>
        ) : null}
      </div>
      {state.status === "error" && onRetry ? (
        <button type="button" className="cy-upload-tile__retry" onClick={onRetry}>
          {t("common.retry")}
        </button>
      ) : null}
    </div>
  );
}
