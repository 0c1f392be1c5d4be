import type { Handlers } from "../calls/call";
import { succeed } from "../outcome";
import { readCustomerService } from "./service-config";

export const serviceConfigHandlers: Pick<Handlers, "config.service"> = {
  "config.service": async ({ ctx, origin }) => {
    const contact = await readCustomerService(ctx.db);
    // A stored QR image is served here: its address whole, for a client on another origin.
    const lineImg = contact.line_img.startsWith("/")
      ? `${origin}${contact.line_img}`
      : contact.line_img;
    return succeed({ extInfoJSON: JSON.stringify({ ...contact, line_img: lineImg }) });
  },
};
