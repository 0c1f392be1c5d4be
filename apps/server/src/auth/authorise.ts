import type { EndpointEntry } from "@chayong/sdk/server";
import { HEADER } from "@chayong/transport";
import type { Caller } from "../calls/caller";
import type { Db } from "../db/database";
import { type Outcome, refuse, succeed } from "../outcome";
import { authenticateApiKey } from "./api-keys";
import type { SessionCache } from "./session-cache";
import { authenticateCached } from "./sessions";

type Headers = Record<string, string | string[] | undefined>;

/**
 * Who makes a call, and whether they may make it (README "How a call is handled", step 2):
 * - an API key (`x-chayong-api-key`) acts as its lender. Unknown or revoked: 301, as a bad
 *   session, on every endpoint (a tool must hear its key is dead). An endpoint the table keeps
 *   from keys (`apiKeys: false`), or a `write` one for a `read` key: 403;
 * - else the session token (`NSCPER`), or nobody;
 * - then the endpoint's access rule: nobody on a non-public endpoint 301, wrong role 403.
 */
export async function authorise(
  db: Db,
  sessions: SessionCache | null,
  entry: Pick<EndpointEntry, "access" | "effect" | "apiKeys">,
  headers: Headers,
  now: Date,
): Promise<Outcome<Caller | null>> {
  let caller: Caller | null = null;
  const apiKey = headers[HEADER.apiKey];
  const token = headers[HEADER.token.toLowerCase()];
  if (typeof apiKey === "string" && apiKey !== "") {
    caller = await authenticateApiKey(db, apiKey, now);
    if (caller === null) return refuse(301, "session.invalid");
    if (entry.apiKeys === false) return refuse(403, "access.forbidden");
    if (caller.apiKey?.scope === "read" && entry.effect !== "read") {
      return refuse(403, "access.forbidden");
    }
  } else if (typeof token === "string" && token !== "") {
    caller = await authenticateCached(db, sessions, token, now);
  }
  if (entry.access !== "public") {
    if (caller === null) return refuse(301, "session.invalid");
    if (entry.access !== "user" && caller.role !== entry.access)
      return refuse(403, "access.forbidden");
  }
  return succeed(caller);
}
