export { DEFAULT_SLOW_NETWORK_MS, DEFAULT_TIMEOUT_MS } from "../client/waits.ts";
export type { Envelope } from "../wire/envelope.ts";
export {
  type FirstRead,
  type FirstReadSettings,
  sendFirstRead,
} from "./first-read.ts";
