/**
 * An error and its causes, outermost first: Drizzle wraps a driver's error (its `cause`), and
 * what the database or the disk said is somewhere down the chain.
 */
export function* errorChain(error: unknown): Generator<Error & { code?: unknown }> {
  for (let current = error; current instanceof Error; current = current.cause) yield current;
}
