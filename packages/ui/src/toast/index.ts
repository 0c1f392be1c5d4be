export {
  type ShowToastOptions,
  Toast,
  type ToastApi,
  type ToastProps,
  ToastProvider,
  type ToastProviderProps,
  type ToastTone,
  toastDurationMs,
  useOptionalToast,
  useToast,
} from "./toast";
