import type { EndpointId } from "@chayong/sdk";
import { creationEndpointIds } from "@chayong/sdk";

/**
 * A fresh idempotency key for one user action: 32 hex characters from the platform's random
 * source (crypto.randomUUID needs a secure context; getRandomValues works on a phone's LAN URL).
 */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const creations: ReadonlySet<string> = new Set(creationEndpointIds);

/** Whether the endpoint creates something and takes an idempotency key (docs/idempotency.md). */
export function isCreation(id: EndpointId): boolean {
  return creations.has(id);
}

/**
 * The key of the action being sent (docs/idempotency.md): the same key while the same request
 * is sent again (a double tap, a retry after a time-out or a 503, where the first may have been
 * done), a new one once the request changed or the last one succeeded.
 */
export function actionKeys(): {
  keyFor(request: unknown): string;
  succeeded(): void;
} {
  let last: { request: string; key: string } | null = null;
  return {
    keyFor(request) {
      const text = JSON.stringify(request);
      if (last?.request !== text) last = { request: text, key: newActionKey() };
      return last.key;
    },
    succeeded() {
      last = null;
    },
  };
}
