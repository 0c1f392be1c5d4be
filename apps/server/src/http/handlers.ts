import { apiKeyHandlers } from "../auth/api-key-handlers";
import { authHandlers } from "../auth/handlers";
import { contractExportHandlers } from "../contracts/export/contract-export";
import { contractHandlers } from "../contracts/handlers";
import { contractPdfHandlers } from "../contracts/pdf/contract-pdf";
import { blockListHandlers } from "../customers/block-list";
import { customerDetailHandlers } from "../customers/customer-details";
import { sharedDebtHandlers } from "../customers/shared-debt";
import { statisticsHandlers } from "../customers/statistics";
import { identityHandlers } from "../identity/handlers";
import { moneyHandlers } from "../money/handlers";
import { serviceConfigHandlers } from "../service-config/handlers";
import { templateHandlers } from "../templates/handlers";
import { cloudUploadHandlers } from "../uploads/cloud-uploads";
import type { Handlers } from "./call";

/** Every implemented endpoint of the SDK table, by id. */
export const handlers: Handlers = {
  ...authHandlers,
  ...apiKeyHandlers,
  ...contractHandlers,
  ...contractExportHandlers,
  ...contractPdfHandlers,
  ...blockListHandlers,
  ...customerDetailHandlers,
  ...statisticsHandlers,
  ...sharedDebtHandlers,
  ...identityHandlers,
  ...cloudUploadHandlers,
  ...moneyHandlers,
  ...templateHandlers,
  ...serviceConfigHandlers,
};
