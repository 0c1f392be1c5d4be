import { createServer as createHttpServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpSmsProvider, createTestSmsProvider } from "./sms-provider";

const logger = pino({ level: "silent" });
const message = {
  kind: "code" as const,
  phone: "+821012345678",
  text: "code 123456",
  code: "123456",
  locale: "ko-KR" as const,
};

describe("test SMS provider", () => {
  it("remembers the last code per phone and can be told to fail", async () => {
    const sms = createTestSmsProvider();
    expect(await sms.send(message)).toEqual({ ok: true });
    await sms.send({ ...message, code: "654321" });
    expect(sms.lastCode(message.phone)).toBe("654321");
    expect(sms.sentTo(message.phone)).toHaveLength(2);
    expect(sms.lastCode("+821099999999")).toBeUndefined();
    sms.failNext();
    expect((await sms.send(message)).ok).toBe(false);
    expect(sms.sentTo(message.phone)).toHaveLength(2);
  });
});

describe("HTTP SMS provider", () => {
  const servers: ReturnType<typeof createHttpServer>[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  async function gateway(status: number) {
    const received: { headers: IncomingMessage["headers"]; body: unknown }[] = [];
    const server = createHttpServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push({ headers: request.headers, body: JSON.parse(body) });
        response.statusCode = status;
        response.end();
      });
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    return { url, received };
  }

  it("posts the message with the bearer token", async () => {
    const { url, received } = await gateway(200);
    const sms = createHttpSmsProvider(
      { provider: "http", url, token: "t0k", sender: "Chayong" },
      logger,
    );
    expect(await sms.send(message)).toEqual({ ok: true });
    expect(received[0]?.headers.authorization).toBe("Bearer t0k");
    expect(received[0]?.body).toEqual({
      to: message.phone,
      text: message.text,
      code: message.code,
      locale: "ko-KR",
      sender: "Chayong",
    });
  });

  it("reports a refusing or unreachable gateway as a failed delivery", async () => {
    const { url } = await gateway(503);
    const refusing = createHttpSmsProvider(
      { provider: "http", url, token: undefined, sender: undefined },
      logger,
    );
    expect(await refusing.send(message)).toEqual({
      ok: false,
      reason: "gateway answered HTTP 503",
    });
    const unreachable = createHttpSmsProvider(
      { provider: "http", url: "http://127.0.0.1:1/send", token: undefined, sender: undefined },
      logger,
    );
    expect((await unreachable.send(message)).ok).toBe(false);
  });
});
