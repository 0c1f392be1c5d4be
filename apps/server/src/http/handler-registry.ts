import { apiKeyHandlers } from "../auth/api-key-handlers";
import { authHandlers } from "../auth/handlers";
import type { Handlers, InputProblemsOf } from "../calls/call";
import { contractExportHandlers } from "../contracts/export/contract-export-handlers";
import { contractHandlers, contractInputProblems } from "../contracts/handlers";
import { contractPdfHandlers } from "../contracts/pdf/contract-pdf-handlers";
import { blockListHandlers } from "../customers/block-list-handlers";
import { customerDetailHandlers } from "../customers/customer-details-handlers";
import { faceReviewHandlers } from "../customers/face-review-handlers";
import { sharedDebtHandlers } from "../customers/shared-debt-handlers";
import { statisticsHandlers } from "../customers/statistics-handlers";
import { identityHandlers } from "../identity/handlers";
import { livenessHandlers } from "../identity/liveness-handlers";
import { moneyHandlers } from "../money/handlers";
import { noticeHandlers } from "../notices/handlers";
import { serviceConfigHandlers } from "../service-config/handlers";
import { templateHandlers } from "../templates/handlers";
import { cloudUploadHandlers } from "../uploads/cloud-upload-handlers";

/**
 * Every implemented endpoint of the SDK table, by id: the one module that imports handler files
 * (src/layering.test.ts), so no feature reaches into another's handlers.
 */
export const handlers: Handlers = {
  ...authHandlers,
  ...apiKeyHandlers,
  ...contractHandlers,
  ...contractExportHandlers,
  ...contractPdfHandlers,
  ...blockListHandlers,
  ...customerDetailHandlers,
  ...faceReviewHandlers,
  ...statisticsHandlers,
  ...sharedDebtHandlers,
  ...identityHandlers,
  ...livenessHandlers,
  ...cloudUploadHandlers,
  ...moneyHandlers,
  ...noticeHandlers,
  ...templateHandlers,
  ...serviceConfigHandlers,
};

/** The endpoints that list every problem of a request their schema refused (src/calls/call.ts). */
export const inputProblems: InputProblemsOf = { ...contractInputProblems };
