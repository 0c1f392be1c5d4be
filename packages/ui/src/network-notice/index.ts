export { NetworkNotice, type NetworkNoticeKind, type NetworkNoticeProps } from "./network-notice";
