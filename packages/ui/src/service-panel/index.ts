export { copyToClipboard } from "./copy-to-clipboard";
export {
  type ServiceContact,
  type ServiceCopyKind,
  ServicePanel,
  type ServicePanelProps,
} from "./service-panel";
