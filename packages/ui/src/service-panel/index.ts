export { canCopyImages, copyImageToClipboard } from "./copy-image-to-clipboard";
export { copyToClipboard } from "./copy-to-clipboard";
export {
  type ServiceContact,
  type ServiceCopyKind,
  ServicePanel,
  type ServicePanelProps,
} from "./service-panel";
