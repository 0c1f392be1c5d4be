export type { Envelope } from "../wire/envelope.ts";
export {
  type FirstRead,
  type FirstReadSettings,
  sendFirstRead,
} from "./first-read.ts";
