/** The server as a library: tests and the web app's end-to-end runs start it in-process. */
export {
  type ConfigProblem,
  type ConfigResult,
  DEFAULT_DEMO_LENDER,
  DEFAULT_PORT,
  type Environment,
  loadConfig,
  type ServerConfig,
  type SmsConfig,
} from "./config/config";
export type { ServerContext } from "./context";
export type {
  FaceReference,
  FaceVerification,
  FaceVerifier,
} from "./identity/face/face-verifier";
export type {
  IdCardCountry,
  IdCardFields,
  IdCardReader,
  IdCardReading,
} from "./identity/ocr/id-card-reader";
export { type Locale, localeFromHeader, messageFor } from "./messages/message-for";
export { runOperatorCommand, runOperatorCommands } from "./operator/commands";
export {
  type ChayongServer,
  createServer,
  type RunningServer,
  type ServerDependencies,
  ServerStartError,
  type StartOptions,
  startServer,
} from "./server";
export {
  createTestSmsProvider,
  type SmsDelivery,
  type SmsMessage,
  type SmsProvider,
  type TestSmsProvider,
} from "./sms/sms-provider";
