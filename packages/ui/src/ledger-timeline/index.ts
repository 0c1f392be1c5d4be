export {
  LedgerTimeline,
  type LedgerTimelineEntry,
  type LedgerTimelineProps,
} from "./ledger-timeline";
