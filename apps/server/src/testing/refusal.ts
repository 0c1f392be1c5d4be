import { isTransportError, type TransportError } from "@chayong/transport";

/** The TransportError a call rejected with (fails the test when it resolved). */
export async function refusal(call: Promise<unknown>): Promise<TransportError> {
  let value: unknown;
  try {
    value = await call;
  } catch (error) {
    if (isTransportError(error)) return error;
    throw error;
  }
  throw new Error(
    `expected the call to be refused, it answered ${JSON.stringify(value)?.slice(0, 200)}`,
  );
}

/** The message keys of a 400's body (`{ errors: [{ field, key, message }] }`). */
export function errorKeys(error: TransportError): string[] {
  const body = error.body as { errors?: { key: string }[] } | undefined;
  return body?.errors?.map((problem) => problem.key) ?? [];
}
