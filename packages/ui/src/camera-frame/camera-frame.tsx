import type { ReactNode } from "react";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";

export type CameraFrameState = "idle" | "aligned" | "error";

export interface CameraFrameProps {
  /** The live camera view (a <video> playing the front camera), or a captured photo. */
  children?: ReactNode;
  /** `aligned`: a face is in the centre (green ring); `error`: capture or comparison failed. */
  state?: CameraFrameState;
  /** Defaults to the translated 'place face in centre'. */
  prompt?: ReactNode;
  /** A second line, e.g. the error message or 'please wait 3-5 seconds'. */
  message?: ReactNode;
  className?: string;
}

/**
 * The face step's overlay (docs/screens.md#verification-flow /pages/me/face): darkens the camera view around an oval and
 * tells the borrower where to put their face. Capture and face detection belong to the app.
 */
export function CameraFrame({
  children,
  state = "idle",
  prompt,
  message,
  className,
}: CameraFrameProps) {
  const t = useUiText();
  return (
    <figure className={classNames("cy-camera-frame", `cy-camera-frame--${state}`, className)}>
      <div className="cy-camera-frame__view">
        {children}
        <div className="cy-camera-frame__mask" aria-hidden="true" />
      </div>
      <figcaption className="cy-camera-frame__caption" aria-live="polite">
        {/* A failure's message replaces the default 'place your face' (a camera that did not
            open leaves nothing to place a face in); an explicit prompt still shows. */}
        {prompt !== undefined || state !== "error" || !message ? (
          <span className="cy-camera-frame__prompt">{prompt ?? t("verify.face.prompt")}</span>
        ) : null}
        {message ? (
          <span className="cy-camera-frame__message" role={state === "error" ? "alert" : undefined}>
            {message}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
