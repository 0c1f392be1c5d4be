import {
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Button } from "../button/button";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";
import { type PenStyle, renderSignature } from "./render-strokes";
import {
  checkSignature,
  defaultSignatureLimits,
  emptySignature,
  fitBox,
  type SignatureData,
  type SignatureLimits,
  type SignaturePoint,
  toNormalised,
} from "./signature-data";

/** What save hands over: the picture (PNG) and the strokes it was drawn from. */
export interface SignatureResult {
  /** `data:image/png;base64,...` */
  dataUrl: string;
  blob: Blob;
  data: SignatureData;
}

export interface SignaturePadLabels {
  back?: string;
  clear?: string;
  undo?: string;
  save?: string;
  /** Shown in the empty area: 'please sign here'. */
  hint?: ReactNode;
  /** Accessible name of the drawing area. */
  area?: string;
  /** Error when save is pressed on an empty pad: 'no signature detected'. */
  empty?: ReactNode;
  /** Error when save is pressed on a drawing too small to be a signature: 'please complete signature'. */
  incomplete?: ReactNode;
}

export interface SignaturePadProps {
  /** Called with the PNG and the strokes when a real signature is saved. */
  onSave: (result: SignatureResult) => void;
  /** Shows the back button. */
  onBack?: () => void;
  /** Every change of the drawing (stroke added, undo, clear). */
  onChange?: (data: SignatureData) => void;
  /** Called when save is refused (empty or too small). */
  onReject?: (reason: "empty" | "too-small") => void;
  /** A drawing to start from (e.g. restored after navigation). */
  initialData?: SignatureData;
  limits?: Partial<SignatureLimits>;
  penColor?: string;
  /** Nib size in CSS px. */
  penSize?: number;
  /** Background painted into the exported PNG; null keeps it transparent. */
  exportBackground?: string | null;
  /** Device pixels per CSS px of the exported PNG (at least 2, for sharp print). */
  exportScale?: number;
  /** The app is storing the signature: save shows a spinner. */
  saving?: boolean;
  labels?: SignaturePadLabels;
  /**
   * `fill` (default): the drawing area takes all the room it is given. `landscape`: wider than
   * tall whatever the phone's orientation (a signature is a line of writing), as large as fits.
   */
  shape?: "fill" | "landscape";
  className?: string;
}

interface CanvasSize {
  width: number;
  height: number;
  ratio: number;
}

function exportPng(
  data: SignatureData,
  pen: PenStyle,
  background: string | null,
  scale: number,
): Promise<SignatureResult> {
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(data.width * scale);
  canvas.height = Math.round(data.height * scale);
  const context = canvas.getContext("2d");
  if (!context) {
    return Promise.reject(new Error("signature export needs a 2D canvas"));
  }
  context.setTransform(scale, 0, 0, scale, 0, 0);
  renderSignature(context, data, null, data.width, data.height, pen, background);
  const dataUrl = canvas.toDataURL("image/png");
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve({ dataUrl, blob, data });
      else reject(new Error("signature export produced no image"));
    }, "image/png");
  });
}

/**
 * The handwritten signature of docs/screens.md#signing-pages (/pages/loans/signature): back, clear, undo, save.
 * Drawn with perfect-freehand from pointer events (finger, pen with pressure, mouse); sharp on
 * high-DPI screens; the strokes are kept as data, so resizing or rotating the phone redraws the
 * same signature; saving an empty or tiny drawing is refused with 'no signature detected'.
 */
export function SignaturePad({
  onSave,
  onBack,
  onChange,
  onReject,
  initialData = emptySignature,
  limits,
  penColor = "#100f16",
  penSize = 4,
  exportBackground = null,
  exportScale = 2,
  saving = false,
  labels = {},
  shape = "fill",
  className,
}: SignaturePadProps) {
  const t = useUiText();
  const errorId = useId();
  const hintId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<CanvasSize>({ width: 0, height: 0, ratio: 1 });
  const [data, setData] = useState<SignatureData>(initialData);
  // A cleared drawing, so undo right after clear brings it back.
  const [cleared, setCleared] = useState<SignatureData | null>(null);
  // Why the last save was refused, until the drawing changes.
  const [rejected, setRejected] = useState<"empty" | "too-small" | null>(null);
  const [exporting, setExporting] = useState(false);
  const live = useRef<{
    pointerId: number;
    points: SignaturePoint[];
    box: Pick<SignatureData, "width" | "height">;
  } | null>(null);
  const frame = useRef(0);
  const pen: PenStyle = { color: penColor, size: penSize };
  const penRef = useRef(pen);
  penRef.current = pen;

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The latest drawing, read by pointer handlers: two strokes can end before React re-renders.
  const dataRef = useRef(data);
  const commit = useCallback((update: (current: SignatureData) => SignatureData) => {
    const next = update(dataRef.current);
    dataRef.current = next;
    setData(next);
    setRejected(null);
    onChangeRef.current?.(next);
  }, []);

  // Track the canvas's CSS size and the screen's pixel ratio; both change on rotation and zoom.
  useLayoutEffect(() => {
    const surface = canvasRef.current;
    if (!surface) return;
    const measure = () => {
      const rect = surface.getBoundingClientRect();
      const ratio = Math.max(1, window.devicePixelRatio || 1);
      setSize((current) =>
        current.width === rect.width && current.height === rect.height && current.ratio === ratio
          ? current
          : { width: rect.width, height: rect.height, ratio },
      );
    };
    measure();
    if (typeof ResizeObserver === "undefined") {
      window.addEventListener("resize", measure);
      return () => window.removeEventListener("resize", measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(surface);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);

  // Reads the drawing from refs, not from this render: a frame scheduled during a stroke may
  // run after the stroke was committed, and must paint the committed strokes, not older ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `data` re-creates it so a commit repaints
  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context || size.width === 0) return;
    context.setTransform(size.ratio, 0, 0, size.ratio, 0, 0);
    const current = live.current;
    const drawn = dataRef.current;
    const box = drawn.strokes.length > 0 ? drawn : (current?.box ?? drawn);
    renderSignature(
      context,
      { ...drawn, ...box },
      current?.points ?? null,
      size.width,
      size.height,
      penRef.current,
      null,
    );
  }, [data, size]);

  // Backing store = CSS size x devicePixelRatio (sharp lines), then redraw from the strokes.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || size.width === 0) return;
    const width = Math.round(size.width * size.ratio);
    const height = Math.round(size.height * size.ratio);
    // Assigning the size clears and reallocates the bitmap: only when it really changed.
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    draw();
  }, [size, draw]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const drawRef = useRef(draw);
  drawRef.current = draw;
  const scheduleDraw = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => drawRef.current());
  };

  const pointFrom = (event: {
    clientX: number;
    clientY: number;
    pressure: number;
    pointerType: string;
  }): SignaturePoint => {
    const rect = canvasRef.current?.getBoundingClientRect() ?? { left: 0, top: 0 };
    const box = live.current?.box ?? dataRef.current;
    const fit = fitBox(box, size.width, size.height);
    // Mouse and most fingers report 0.5 (or 0); only pens give real pressure.
    const pressure = event.pointerType === "pen" && event.pressure > 0 ? event.pressure : 0.5;
    return toNormalised(box, fit, event.clientX - rect.left, event.clientY - rect.top, pressure);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 || size.width === 0 || saving || exporting) return;
    event.preventDefault();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Capture is a nicety: strokes still follow the pointer over the canvas.
    }
    // The first stroke fixes the reference box: the canvas as it is now.
    const drawn = dataRef.current;
    const box =
      drawn.strokes.length > 0
        ? { width: drawn.width, height: drawn.height }
        : { width: size.width, height: size.height };
    live.current = { pointerId: event.pointerId, points: [], box };
    live.current.points.push(pointFrom(event));
    setRejected(null);
    scheduleDraw();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = live.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const native = event.nativeEvent;
    const events =
      typeof native.getCoalescedEvents === "function" ? native.getCoalescedEvents() : [];
    for (const sample of events.length > 0 ? events : [native]) {
      current.points.push(pointFrom(sample));
    }
    scheduleDraw();
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = live.current;
    if (!current || current.pointerId !== event.pointerId) return;
    live.current = null;
    const points = current.points;
    commit((drawn) => ({
      width: current.box.width,
      height: current.box.height,
      strokes: [...drawn.strokes, points],
    }));
    setCleared(null);
  };

  const undo = () => {
    if (dataRef.current.strokes.length > 0) {
      commit((drawn) => ({ ...drawn, strokes: drawn.strokes.slice(0, -1) }));
    } else if (cleared) {
      const restored = cleared;
      commit(() => restored);
      setCleared(null);
    }
  };

  const clear = () => {
    if (dataRef.current.strokes.length === 0) return;
    setCleared(dataRef.current);
    commit(() => ({ ...emptySignature }));
  };

  const save = async () => {
    const drawn = dataRef.current;
    const check = checkSignature(drawn, { ...defaultSignatureLimits, ...limits });
    if (check.kind !== "ok") {
      setRejected(check.kind);
      onReject?.(check.kind);
      return;
    }
    setExporting(true);
    try {
      onSave(await exportPng(drawn, pen, exportBackground, Math.max(exportScale, size.ratio)));
    } finally {
      setExporting(false);
    }
  };

  const empty = data.strokes.length === 0;
  return (
    // data-keep-clear: the floating service button docks beside the pad (docs/service-button.md).
    <div
      data-keep-clear
      className={classNames(
        "cy-signature-pad",
        shape === "landscape" && "cy-signature-pad--landscape",
        className,
      )}
    >
      <div className="cy-signature-pad__toolbar">
        {onBack ? (
          <Button variant="ghost" onClick={onBack}>
            {labels.back ?? t("common.back")}
          </Button>
        ) : null}
        <span className="cy-signature-pad__spacer" />
        <Button variant="secondary" onClick={clear} disabled={empty || saving}>
          {labels.clear ?? t("signature.clear")}
        </Button>
        <Button variant="secondary" onClick={undo} disabled={(empty && !cleared) || saving}>
          {labels.undo ?? t("signature.undo")}
        </Button>
        <Button
          onClick={() => void save()}
          loading={saving || exporting}
          aria-describedby={rejected ? errorId : undefined}
        >
          {labels.save ?? t("signature.save")}
        </Button>
      </div>
      <div className="cy-signature-pad__messages">
        {rejected ? (
          <p className="cy-signature-pad__error" id={errorId} role="alert">
            {rejected === "empty"
              ? (labels.empty ?? t("signature.empty"))
              : (labels.incomplete ?? t("signature.incomplete"))}
          </p>
        ) : null}
      </div>
      <div className="cy-signature-pad__surface">
        <canvas
          ref={canvasRef}
          className="cy-signature-pad__canvas"
          role="img"
          aria-label={labels.area ?? t("signature.area")}
          aria-describedby={empty ? hintId : undefined}
          data-strokes={data.strokes.length}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        />
        {empty ? (
          <p className="cy-signature-pad__hint" id={hintId}>
            {labels.hint ?? t("signature.hint")}
          </p>
        ) : null}
        <span className="cy-signature-pad__baseline" aria-hidden="true" />
      </div>
    </div>
  );
}
