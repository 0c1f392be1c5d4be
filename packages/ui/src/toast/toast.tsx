import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { classNames } from "../class-names";

export type ToastTone = "success" | "info" | "error";

/** The spec's success toast duration (docs/constants.md#time-outs-and-waits). */
export const toastDurationMs = 1500;

export interface ToastProps {
  /** A few words, e.g. 'copied'. */
  message: ReactNode;
  /** Colour and icon: success (default), info or error. */
  tone?: ToastTone;
  className?: string;
}

/** One short message floating above the content. Announce it through ToastProvider. */
export function Toast({ message, tone = "success", className }: ToastProps) {
  return (
    <div className={classNames("cy-toast", `cy-toast--${tone}`, className)}>
      {tone === "success" ? <span className="cy-toast__icon" aria-hidden="true" /> : null}
      <span className="cy-toast__message">{message}</span>
    </div>
  );
}

export interface ShowToastOptions {
  tone?: ToastTone;
  /** Milliseconds on screen; default 1500. */
  durationMs?: number;
}

export interface ToastApi {
  show: (message: ReactNode, options?: ShowToastOptions) => void;
  hide: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Registers an open modal dialog as the layer toasts are drawn in; answers the unregister. */
type RegisterToastLayer = (layer: HTMLElement) => () => void;
const ToastLayerContext = createContext<RegisterToastLayer | null>(null);

/**
 * For the kit's Dialog: while it is open, the toast region lives inside it. A modal dialog is
 * drawn in the browser's top layer, above any z-index, and makes the rest of the page inert; a
 * toast inside the topmost dialog is both seen and announced.
 */
export function useToastLayer(layer: RefObject<HTMLElement | null>, open: boolean): void {
  const register = useContext(ToastLayerContext);
  useLayoutEffect(() => {
    const element = layer.current;
    if (!register || !open || !element) return undefined;
    return register(element);
  }, [register, open, layer]);
}

export interface ToastProviderProps {
  children: ReactNode;
}

/**
 * Shows one toast at a time (a new one replaces the current) in a polite live region that is
 * always in the page, so screen readers announce every message. The region sits above every
 * layer: above the page (--cy-z-toast) and, while dialogs are open, inside the topmost one.
 */
export function ToastProvider({ children }: ToastProviderProps) {
  const [current, setCurrent] = useState<{
    key: number;
    message: ReactNode;
    tone: ToastTone;
  } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const counter = useRef(0);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setCurrent(null);
  }, []);

  const show = useCallback((message: ReactNode, options: ShowToastOptions = {}) => {
    clearTimeout(timer.current);
    counter.current += 1;
    setCurrent({ key: counter.current, message, tone: options.tone ?? "success" });
    timer.current = setTimeout(() => setCurrent(null), options.durationMs ?? toastDurationMs);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const [layers, setLayers] = useState<HTMLElement[]>([]);
  const registerLayer = useCallback<RegisterToastLayer>((layer) => {
    setLayers((open) => [...open, layer]);
    return () => setLayers((open) => open.filter((other) => other !== layer));
  }, []);
  const topLayer = layers.at(-1);

  const api = useMemo(() => ({ show, hide }), [show, hide]);
  const region = (
    <div className="cy-toast-region" role="status" aria-live="polite" aria-atomic="true">
      {current ? <Toast key={current.key} message={current.message} tone={current.tone} /> : null}
    </div>
  );
  return (
    <ToastContext.Provider value={api}>
      <ToastLayerContext.Provider value={registerLayer}>
        {children}
        {topLayer ? createPortal(region, topLayer) : region}
      </ToastLayerContext.Provider>
    </ToastContext.Provider>
  );
}

/** The nearest ToastProvider's `show` / `hide`. Throws when no provider is mounted. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) {
    throw new Error("useToast needs a <ToastProvider> above the component");
  }
  return api;
}

/** The nearest ToastProvider, or null: for kit components that also work without one. */
export function useOptionalToast(): ToastApi | null {
  return useContext(ToastContext);
}
