import { authHandlers } from "../auth/handlers";
import { contractHandlers } from "../contracts/handlers";
import { moneyHandlers } from "../money/handlers";
import { serviceConfigHandlers } from "../service-config/handlers";
import { templateHandlers } from "../templates/handlers";
import type { Handlers } from "./call";

/** Every implemented endpoint of the SDK table, by id. */
export const handlers: Handlers = {
  ...authHandlers,
  ...contractHandlers,
  ...moneyHandlers,
  ...templateHandlers,
  ...serviceConfigHandlers,
};
