import type { createCodec } from "@chayong/transport";
import type { Logger } from "pino";
import type { ServerConfig } from "./config/config";
import type { SigningCertificate } from "./contracts/seal/signing-certificate";
import type { Database, Db } from "./db/database";
import type { FileStore } from "./files/file-store";
import type { IncomingObjects } from "./files/s3-incoming";
import type { FaceAnalyzer } from "./identity/face/embedding-face-verifier";
import type { FaceVerifier } from "./identity/face/face-verifier";
import type { IdCardReader } from "./identity/ocr/id-card-reader";
import type { PersonalDataCipher } from "./identity/personal-data-cipher";
import type { JobRunner } from "./jobs/job-queue";
import type { Metrics } from "./metrics/metrics";
import type { RequestCeiling } from "./request-ceiling/request-ceiling";
import type { SmsProvider } from "./sms/sms-provider";
import type { FileAddresses } from "./uploads/file-addresses";

export type Codec = ReturnType<typeof createCodec>;

/** Everything a handler may use. Tests build it with their own clock and SMS provider. */
export interface ServerContext {
  config: ServerConfig;
  database: Database;
  db: Db;
  /** The one clock of the server: tests move it instead of sleeping. */
  now: () => Date;
  /** Test mode only: sets where `now` reads (POST /__test/clock; null: the real time again). */
  testClock: { set(instant: Date | null): void } | null;
  /** Runs the jobs due now (docs/notices.md, "The job queue"). */
  jobs: JobRunner;
  sms: SmsProvider;
  logger: Logger;
  codec: Codec;
  /** Seals and finds ID numbers (docs/identity.md). */
  personalData: PersonalDataCipher;
  /** Uploaded images (docs/identity.md) and sealed contract PDFs (docs/contract-pdf.md). */
  files: FileStore;
  /** The certificate contract PDFs are sealed with, read (or made) once on first use. */
  signingCertificate: () => Promise<SigningCertificate>;
  /** S3 deployments: objects browsers upload with cloud credentials, before they are checked. */
  incoming: IncomingObjects | null;
  /** Signs and checks the short-lived addresses uploaded images are served at. */
  fileAddresses: FileAddresses;
  /** Compares live face captures with ID card photos (docs/identity.md). */
  faces: FaceVerifier;
  /** The face engine the liveness check reads frames with (identity/face/liveness.ts); the
   * local verifier shares it, so its models load once. */
  faceAnalyzer: FaceAnalyzer;
  /** Reads ID card fronts to prefill the form (docs/identity.md). */
  idCards: IdCardReader;
  /** Test mode only: extra milliseconds before answering a path (POST /__test/delay). */
  answerDelays: Map<string, number>;
  /** The per-IP ceiling on API calls; null = none (CHAYONG_IP_REQUESTS_PER_MINUTE=0). */
  requestCeiling: RequestCeiling | null;
  /** Set when the server begins to stop: `/readyz` answers 503 from then on. */
  lifecycle: { draining: boolean };
  /** Counters and histograms for `GET /metrics`; null = metrics off (CHAYONG_METRICS_TOKEN). */
  metrics: Metrics | null;
}
