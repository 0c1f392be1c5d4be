import type { Handlers } from "../calls/call";
import { succeed } from "../outcome";
import { readCustomerService } from "./service-config";

export const serviceConfigHandlers: Pick<Handlers, "config.service"> = {
  "config.service": async ({ ctx }) =>
    succeed({ extInfoJSON: JSON.stringify(await readCustomerService(ctx.db)) }),
};
