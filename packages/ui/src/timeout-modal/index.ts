export { TimeoutModal, type TimeoutModalProps } from "./timeout-modal";
