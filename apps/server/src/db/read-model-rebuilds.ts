import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "./database";
import { readModelRebuilds } from "./schema";

/** Builds one read model from the data; answers how many records it read. */
export type ReadModelBuilder = (db: Db, now: Date) => Promise<number>;

/**
 * Builds the read models a migration listed in `read_model_rebuilds` (one it added for data that
 * already existed), each in one transaction with its row deleted, so it happens once, and a
 * second server starting at the same time waits on the row lock and then finds nothing to do.
 */
export async function rebuildPendingReadModels(
  db: Db,
  now: Date,
  logger: Logger,
  builders: Record<string, ReadModelBuilder>,
): Promise<void> {
  const pending = await db.select().from(readModelRebuilds);
  for (const { name } of pending) {
    const build = builders[name];
    if (build === undefined) throw new Error(`no builder for the read model ${name}`);
    await db.transaction(async (tx) => {
      const [still] = await tx
        .select()
        .from(readModelRebuilds)
        .where(eq(readModelRebuilds.name, name))
        .for("update");
      if (still === undefined) return;
      const started = performance.now();
      const records = await build(tx, now);
      await tx.delete(readModelRebuilds).where(eq(readModelRebuilds.name, name));
      logger.info(
        { readModel: name, records, ms: Math.round(performance.now() - started) },
        "read model built",
      );
    });
  }
}
