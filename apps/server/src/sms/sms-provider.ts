import { maskPhone } from "@chayong/domain";
import type { Logger } from "pino";
import type { SmsConfig } from "../config/config";
import type { Locale } from "../messages/message-for";

/** What a text is: a login code, a decision on a face check, or a notice (docs/notices.md). */
export type SmsKind = "code" | "faceReview" | "reminder" | "overdue" | "receipt";

export interface SmsMessage {
  kind: SmsKind;
  /** E.164 */
  phone: string;
  /** The whole text, already in the recipient's language. */
  text: string;
  /** The login code itself, for providers that template their own text; absent on a notice. */
  code?: string;
  /**
   * A notice's id: the same on every attempt to send it, so a gateway can drop a repeat (a
   * process that died between the send and its record sends again).
   */
  id?: string;
  locale: Locale;
}

/** A text the test provider kept, with the server's time it was handed over. */
export interface SentSms extends SmsMessage {
  at: Date;
}

export type SmsDelivery = { ok: true } | { ok: false; reason: string };

/** Where login codes go: the log (console), a real gateway (http) or memory (test). */
export interface SmsProvider {
  readonly name: SmsConfig["provider"];
  send(message: SmsMessage): Promise<SmsDelivery>;
}

/**
 * The embedded default: the code appears in the server log, for a developer or an operator,
 * with the phone masked (`010-****-5678`): enough to tell whose code it is, not to read the
 * number from the log.
 */
export function createConsoleSmsProvider(logger: Logger): SmsProvider {
  return {
    name: "console",
    async send({ phone, code, text, kind }) {
      logger.info({ sms: { phone, code, kind } }, `SMS to ${maskPhone(phone)}: ${text}`);
      return { ok: true };
    },
  };
}

/** Codes kept in memory; tests read them here (or over GET /__test/sms in test mode). */
export interface TestSmsProvider extends SmsProvider {
  lastMessage(phone: string): SentSms | undefined;
  lastCode(phone: string): string | undefined;
  sentTo(phone: string): SentSms[];
  /** Make the next sends fail, as a broken gateway would. */
  failNext(count?: number): void;
}

export function createTestSmsProvider(now: () => Date = () => new Date()): TestSmsProvider {
  const sent = new Map<string, SentSms[]>();
  let failures = 0;
  return {
    name: "test",
    async send(message) {
      if (failures > 0) {
        failures--;
        return { ok: false, reason: "test provider told to fail" };
      }
      sent.set(message.phone, [...(sent.get(message.phone) ?? []), { ...message, at: now() }]);
      return { ok: true };
    },
    lastMessage: (phone) => sent.get(phone)?.at(-1),
    lastCode: (phone) => sent.get(phone)?.findLast((message) => message.kind === "code")?.code,
    sentTo: (phone) => [...(sent.get(phone) ?? [])],
    failNext(count = 1) {
      failures = count;
    },
  };
}

/**
 * A real gateway: POST JSON `{ to, text, code, locale, sender?, id? }` to the configured URL with
 * `Authorization: Bearer <token>` when a token is set. Any 2xx is a delivery.
 */
export function createHttpSmsProvider(
  config: Extract<SmsConfig, { provider: "http" }>,
  logger: Logger,
  fetchImpl: typeof fetch = fetch,
): SmsProvider {
  return {
    name: "http",
    async send({ phone, text, code, locale, id }) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (config.token !== undefined) headers.authorization = `Bearer ${config.token}`;
      try {
        const response = await fetchImpl(config.url, {
          method: "POST",
          headers,
          body: JSON.stringify({ to: phone, text, code, locale, sender: config.sender, id }),
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) return { ok: true };
        logger.warn({ status: response.status }, "SMS gateway refused the message");
        return { ok: false, reason: `gateway answered HTTP ${response.status}` };
      } catch (error) {
        logger.warn({ err: error }, "SMS gateway unreachable");
        return { ok: false, reason: "gateway unreachable" };
      }
    },
  };
}

export function createSmsProvider(
  config: SmsConfig,
  logger: Logger,
  now: () => Date = () => new Date(),
): SmsProvider {
  switch (config.provider) {
    case "console":
      return createConsoleSmsProvider(logger);
    case "test":
      return createTestSmsProvider(now);
    case "http":
      return createHttpSmsProvider(config, logger);
  }
}
