import * as v from "valibot";

/**
 * Search params the router validates (docs/screens.md#routes). An address is typed or shared by
 * people: a value of the wrong kind is dropped to its default, never an error page.
 */

/** A text param: missing or not text reads as "" (a page then says what is missing). */
export function textParam() {
  return v.fallback(v.optional(v.string(), ""), "");
}

/** The contract a page shows, by id (`?id=`). */
export const contractIdSearchSchema = v.object({ id: textParam() });

/** The contract a borrower opens from a share link (`?code=`). */
export const shareCodeSearchSchema = v.object({ code: textParam() });
