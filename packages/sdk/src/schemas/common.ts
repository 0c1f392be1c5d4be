import { tokenField } from "@chayong/domain";
import * as v from "valibot";

/** A call without fields. Strict: a write that carries anything is refused. */
export const emptyRequestSchema = v.strictObject({}, "common.invalidValue");

/** Answers without a body. */
export const noBodySchema = v.null();

/** Server-made identifiers (contracts, templates, ledger entries): UUIDs. */
export const idSchema = tokenField("common.invalidValue");

export const byIdRequestSchema = v.strictObject({ id: idSchema }, "common.invalidValue");

/** ISO 8601 instant, as the server writes it (`toISOString`). */
export const instantSchema = v.pipe(v.string(), v.isoTimestamp());

export const maxPageSize = 50;
export const pageSizeSchema = v.optional(
  v.pipe(
    v.number("common.invalidValue"),
    v.integer("common.invalidValue"),
    v.minValue(1, "common.invalidValue"),
    v.maxValue(maxPageSize, "common.invalidValue"),
  ),
  20,
);

/**
 * One page of a list, newest first. `nextCursor` asks for the next page (null on the last);
 * `total` counts every match when the request asked for it (`includeTotal`), else null.
 */
export function pageSchema<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({
    items: v.array(item),
    nextCursor: v.nullable(v.string()),
    total: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  });
}
