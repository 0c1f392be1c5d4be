export { NetworkNotice, type NetworkNoticeProps } from "./network-notice";
