import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { classNames } from "../class-names";

export type ToastTone = "success" | "info" | "error";

/** The spec's success toast duration (§9). */
export const toastDurationMs = 1500;

export interface ToastProps {
  message: ReactNode;
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

export interface ToastProviderProps {
  children: ReactNode;
}

/**
 * Shows one toast at a time (a new one replaces the current) in a polite live region that is
 * always in the page, so screen readers announce every message.
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

  const api = useMemo(() => ({ show, hide }), [show, hide]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="cy-toast-region" role="status" aria-live="polite" aria-atomic="true">
        {current ? <Toast key={current.key} message={current.message} tone={current.tone} /> : null}
      </div>
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
