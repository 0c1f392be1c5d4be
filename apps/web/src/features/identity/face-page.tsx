import type { LivenessAction } from "@chayong/sdk";
import { Button, CameraFrame, PageHeader, StepIndicator, useToast } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { useApiMutation } from "../../data/api-mutation";
import { apiQuery } from "../../data/api-query";
import { asTransportError } from "../../session/error-catalogue";
import { screenMessage } from "../../session/screen-message";
import { CameraUnavailable, captureFrame, closeCamera, openFrontCamera } from "./camera";
import type { FaceDetector } from "./face-detector";
import { assessFaces, type FacePosition, type Hold, nextHold, noHold } from "./face-position";
import { flowSearch } from "./flow-history";
import { fitForUpload, ImageTooLarge } from "./image-file";
import { useLeaveVerification } from "./leave-verification";
import { challengeTiming, recordChallenge } from "./liveness-challenge";
import { type FlowSearch, idCardPath } from "./verification-flow";

type Phase =
  /** The face was checked on an earlier visit. */
  | { kind: "verified"; photoUrl: string | null }
  | { kind: "idle" }
  | { kind: "starting" }
  | { kind: "live" }
  /** No camera (refused, missing, insecure page): the live check cannot be done (a photo from
   * the camera app cannot follow a liveness challenge, docs/identity.md "Liveness"). */
  | { kind: "noCamera" }
  | { kind: "sending"; photoUrl: string; step: "uploading" | "verifying" }
  /** `prompt`: the headline above the refusal, when there is more to say than it does. */
  | { kind: "failed"; photoUrl: string; message: string; prompt?: string };

/** The liveness challenge under way: the action asked for, frames recorded so far. */
interface ChallengeProgress {
  action: LivenessAction;
  done: number;
  total: number;
}

const actionMessages: Record<LivenessAction, string> = {
  turnLeft: "verify.face.action.turnLeft",
  turnRight: "verify.face.action.turnRight",
  blink: "verify.face.action.blink",
};

type DetectorState = "loading" | "ready" | "unavailable";

/** How long the face check may take (docs/identity.md, "Liveness"). */
const faceCompareTimeoutMs = 60_000;
/** After this long without an automatic capture, the borrower may take the photo by hand. */
const manualCaptureAfterMs = 15_000;
/** Pause between detections: about 10 looks a second at most, leaving the phone room to breathe. */
const detectEveryMs = 80;

// One detector per page load: a retake, or a second visit, reuses it.
let detectorLoad: Promise<FaceDetector> | undefined;
function faceDetector(): Promise<FaceDetector> {
  detectorLoad ??= import("./face-detector")
    .then((module) => module.loadFaceDetector())
    .catch((error: unknown) => {
      detectorLoad = undefined;
      throw error;
    });
  return detectorLoad;
}

const positionMessages: Record<FacePosition, string> = {
  noFace: "verify.face.noFace",
  multipleFaces: "verify.face.multipleFaces",
  notCentred: "verify.face.notCentred",
  tooFar: "verify.face.tooFar",
  tooClose: "verify.face.tooClose",
  aligned: "verify.face.holdStill",
};

/**
 * Step 1 of identity verification (/pages/me/face, docs/screens.md#verification-flow): the front camera in the oval, a face
 * detector in the browser guiding the borrower until one face is centred and still for about a
 * second, then the frame is captured; the server's liveness challenge asks for an action (turn
 * left or right, blink), a short burst of frames records it, and the capture and the frames are
 * uploaded and checked by the server ('faceCompare', docs/identity.md "Liveness"). Without a
 * camera the check cannot be done; without the detector, a capture button.
 */
export function FacePage({ redirect }: FlowSearch) {
  const { _ } = useLingui();
  // 'Retake face' from the ID card step (its search carries `retake`): the camera afresh.
  const retake = useLocation({
    select: (location) => (location.search as { retake?: unknown }).retake === true,
  });
  const { askToLeave, leaveDialog } = useLeaveVerification();
  // Read by the route's loader; a failure there leaves the check to start afresh.
  const progress = useQuery(apiQuery("identity.userDetail"));
  const known = !progress.isPending;
  return (
    <>
      <PageHeader title={_("verify.face.title")} onBack={askToLeave} />
      <StepIndicator current={0} label={_("verify.steps")} />
      {known ? (
        <FaceCheck
          redirect={redirect}
          verifiedPhoto={
            // A retake (the ID card step found the faces did not match) starts afresh.
            progress.data?.faceVerified && !retake ? { url: progress.data.facePhotoUrl } : undefined
          }
        />
      ) : (
        <div className="page page--above-service face-check">
          <CameraFrame message={_("common.loading")} />
        </div>
      )}
      {leaveDialog}
    </>
  );
}

function FaceCheck({
  redirect,
  verifiedPhoto,
}: FlowSearch & { verifiedPhoto?: { url: string | null } }) {
  const { _ } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const { mutateAsync: uploadImage } = useApiMutation("identity.uploadImage");
  // The server analyses nine images one after another (the capture three times, six frames), in a
  // queue every borrower's check shares: longer than the transport's 15 s on a busy server.
  const { mutateAsync: compareFace } = useApiMutation("identity.faceCompare", {
    meta: { timeoutMs: faceCompareTimeoutMs },
  });
  const { mutateAsync: drawChallenge } = useApiMutation("identity.livenessChallenge");
  const [challenge, setChallenge] = useState<ChallengeProgress | null>(null);
  const [phase, setPhase] = useState<Phase>(
    verifiedPhoto ? { kind: "verified", photoUrl: verifiedPhoto.url } : { kind: "idle" },
  );
  const [detector, setDetector] = useState<{ state: DetectorState; detector?: FaceDetector }>({
    state: "loading",
  });
  const [position, setPosition] = useState<FacePosition | null>(null);
  const [holding, setHolding] = useState(0);
  const [slow, setSlow] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const capturing = useRef(false);
  const photoUrls = useRef<string[]>([]);

  // The detector starts loading with the page (the borrower reads the prompt meanwhile); after an
  // earlier visit's check, only when the borrower retakes.
  const needsDetector = phase.kind !== "verified";
  useEffect(() => {
    if (!needsDetector) return;
    let current = true;
    faceDetector().then(
      (loaded) => current && setDetector({ state: "ready", detector: loaded }),
      () => current && setDetector({ state: "unavailable" }),
    );
    return () => {
      current = false;
    };
  }, [needsDetector]);

  // Leaving the page turns the camera off and forgets the captured photos.
  useEffect(
    () => () => {
      closeCamera(streamRef.current);
      streamRef.current = null;
      for (const url of photoUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const goToIdCard = useCallback(
    () => navigate({ to: idCardPath, search: flowSearch(redirect), replace: true }),
    [navigate, redirect],
  );

  const send = useCallback(
    async (
      photo: Blob,
      answer: { challengeId: string; action: LivenessAction; frames: Blob[] },
    ) => {
      const photoUrl = URL.createObjectURL(photo);
      photoUrls.current.push(photoUrl);
      setPhase({ kind: "sending", photoUrl, step: "uploading" });
      let step: "uploading" | "verifying" = "uploading";
      try {
        const upload = async (image: Blob) => {
          const uploaded = await uploadImage({ file: await fitForUpload(image) });
          return uploaded.url ?? uploaded.path;
        };
        const facePhotoUrl = await upload(photo);
        const frameUrls: string[] = [];
        for (const frame of answer.frames) frameUrls.push(await upload(frame));
        step = "verifying";
        setPhase({ kind: "sending", photoUrl, step });
        await compareFace({ facePhotoUrl, challengeId: answer.challengeId, frameUrls });
        toast.show(_("verify.face.success"));
        await goToIdCard();
      } catch (error) {
        const message =
          error instanceof ImageTooLarge
            ? _("upload.tooLarge")
            : (screenMessage(error, _) ??
              _(step === "uploading" ? "upload.failed" : "identity.faceFailed"));
        // 'Follow the instruction on the screen' comes when the instruction has gone: the
        // movement that was not seen is named above it (docs/identity.md, "Liveness").
        const missed =
          asTransportError(error)?.serverKey === "identity.liveness.followInstruction"
            ? _("verify.face.actionMissed", { action: answer.action })
            : undefined;
        setPhase({ kind: "failed", photoUrl, message, ...(missed ? { prompt: missed } : {}) });
      }
    },
    [uploadImage, compareFace, toast, _, goToIdCard],
  );

  const capture = useCallback(async () => {
    const video = videoRef.current;
    if (!video || capturing.current) return;
    capturing.current = true;
    let photo: Blob;
    try {
      photo = await captureFrame(video);
    } catch {
      // No frame yet (the video is still starting): detection goes on.
      capturing.current = false;
      return;
    }
    try {
      // The server's challenge, then the burst of frames while the borrower performs it.
      const drawn = await drawChallenge({});
      const frames = await recordChallenge(
        () => captureFrame(video),
        (done) => setChallenge({ action: drawn.action, done, total: challengeTiming.frames }),
      );
      closeCamera(streamRef.current);
      streamRef.current = null;
      setChallenge(null);
      await send(photo, { challengeId: drawn.challengeId, action: drawn.action, frames });
    } catch (error) {
      closeCamera(streamRef.current);
      streamRef.current = null;
      setChallenge(null);
      const photoUrl = URL.createObjectURL(photo);
      photoUrls.current.push(photoUrl);
      setPhase({
        kind: "failed",
        photoUrl,
        message: screenMessage(error, _) ?? _("identity.faceFailed"),
      });
    } finally {
      capturing.current = false;
    }
  }, [send, drawChallenge, _]);

  const start = async () => {
    setPhase({ kind: "starting" });
    setChallenge(null);
    setPosition(null);
    setSlow(false);
    try {
      closeCamera(streamRef.current);
      streamRef.current = await openFrontCamera();
      setPhase({ kind: "live" });
    } catch (error) {
      if (!(error instanceof CameraUnavailable)) throw error;
      setPhase({ kind: "noCamera" });
    }
  };

  // The live view: the camera's stream in the video element.
  useEffect(() => {
    const video = videoRef.current;
    if (phase.kind !== "live" || !video || !streamRef.current) return;
    video.srcObject = streamRef.current;
    void video.play().catch(() => undefined);
    const timer = setTimeout(() => setSlow(true), manualCaptureAfterMs);
    return () => clearTimeout(timer);
  }, [phase.kind]);

  // Detection: look at the frame, tell the borrower what to do, capture after a steady second.
  const ready = detector.state === "ready" ? detector.detector : undefined;
  useEffect(() => {
    if (phase.kind !== "live" || !ready) return;
    let stopped = false;
    let hold: Hold = noHold;
    const look = async () => {
      while (!stopped) {
        const video = videoRef.current;
        if (video && video.readyState >= 2 && video.videoWidth > 0) {
          let faces: Awaited<ReturnType<FaceDetector["detect"]>>;
          try {
            faces = await ready.detect(video);
          } catch {
            if (!stopped) setDetector({ state: "unavailable" });
            return;
          }
          if (stopped) return;
          const frame = { width: video.videoWidth, height: video.videoHeight };
          const view = {
            width: video.clientWidth || frame.width,
            height: video.clientHeight || frame.height,
          };
          const seen = assessFaces(faces, frame, view);
          setPosition(seen.position);
          hold = nextHold(hold, performance.now(), seen.position === "aligned" ? seen.face : null);
          setHolding(hold.progress);
          if (hold.progress >= 1) {
            await capture();
            return;
          }
        }
        await new Promise((resume) => setTimeout(resume, detectEveryMs));
      }
    };
    void look();
    return () => {
      stopped = true;
    };
  }, [phase.kind, ready, capture]);

  return (
    // The detector's backend (or state) is written on the page for support and the browser tests.
    <div
      className="page page--above-service face-check"
      data-detector={detector.detector?.backend ?? detector.state}
    >
      {body()}
    </div>
  );

  function body() {
    switch (phase.kind) {
      case "verified":
        return (
          <>
            <CameraFrame state="aligned" prompt={_("verify.face.success")}>
              {phase.photoUrl ? <img src={phase.photoUrl} alt={_("verify.face.title")} /> : null}
            </CameraFrame>
            <div className="page__actions">
              <Button size="lg" block onClick={() => void goToIdCard()}>
                {_("verify.face.next")}
              </Button>
              <Button variant="secondary" size="lg" block onClick={() => void start()}>
                {_("verify.face.retake")}
              </Button>
            </div>
          </>
        );
      case "idle":
      case "starting":
        return (
          <>
            <CameraFrame
              message={phase.kind === "starting" ? _("verify.face.startingCamera") : undefined}
            />
            <div className="page__actions">
              <Button
                size="lg"
                block
                loading={phase.kind === "starting"}
                onClick={() => void start()}
              >
                {_("verify.face.start")}
              </Button>
            </div>
          </>
        );
      case "live": {
        // While the challenge runs, its action is the headline: the one thing to do now.
        const instruction = challenge ? _(actionMessages[challenge.action]) : undefined;
        const message = challenge
          ? undefined
          : detector.state === "loading"
            ? _("verify.face.loadingDetector")
            : detector.state === "unavailable"
              ? _("verify.face.detectorUnavailable")
              : position
                ? _(positionMessages[position])
                : undefined;
        const manual = (detector.state === "unavailable" || slow) && !challenge;
        return (
          <>
            <CameraFrame
              state={position === "aligned" ? "aligned" : "idle"}
              prompt={instruction}
              message={message}
            >
              <video
                ref={videoRef}
                autoPlay
                muted
                playsInline
                aria-label={_("verify.face.title")}
              />
            </CameraFrame>
            {challenge ? (
              // The burst under way: the action stays on screen until the last frame.
              <>
                <progress
                  className="face-check__progress"
                  max={challenge.total}
                  value={challenge.done}
                  aria-label={_(actionMessages[challenge.action])}
                />
                <p className="page__note" aria-live="polite">
                  {_("verify.face.actionProgress", {
                    done: challenge.done,
                    total: challenge.total,
                  })}
                </p>
              </>
            ) : null}
            {detector.state === "loading" && !challenge ? (
              <progress
                className="face-check__progress"
                aria-label={_("verify.face.loadingDetector")}
              />
            ) : null}
            {detector.state === "ready" && position === "aligned" && !challenge ? (
              // The steady second before the capture.
              <progress
                className="face-check__progress"
                max={1}
                value={holding}
                aria-label={_("verify.face.holdStill")}
              />
            ) : null}
            {manual ? (
              <div className="page__actions">
                {detector.state === "ready" ? (
                  <p className="page__note">{_("verify.face.manualHint")}</p>
                ) : null}
                <Button size="lg" block onClick={() => void capture()}>
                  {_("verify.face.capture")}
                </Button>
              </div>
            ) : null}
          </>
        );
      }
      case "noCamera":
        return (
          <>
            <CameraFrame state="error" message={_("page.cameraUnavailable")} />
            <p className="page__note">{_("verify.face.cameraRequired")}</p>
            <div className="page__actions">
              <Button size="lg" block onClick={() => void start()}>
                {_("verify.face.start")}
              </Button>
            </div>
          </>
        );
      case "sending": {
        const label = _(phase.step === "uploading" ? "upload.uploading" : "verify.face.verifying");
        return (
          <>
            {/* What is happening is the headline: nothing is asked of the face meanwhile. */}
            <CameraFrame prompt={label}>
              <img src={phase.photoUrl} alt={_("verify.face.title")} />
            </CameraFrame>
            <progress className="face-check__progress" aria-label={label} />
          </>
        );
      }
      case "failed":
        return (
          <>
            <CameraFrame state="error" prompt={phase.prompt} message={phase.message}>
              <img src={phase.photoUrl} alt={_("verify.face.title")} />
            </CameraFrame>
            <div className="page__actions">
              <Button size="lg" block onClick={() => void start()}>
                {_("verify.face.retake")}
              </Button>
            </div>
          </>
        );
    }
  }
}
