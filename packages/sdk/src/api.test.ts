import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  codecSettingsFromEnv,
  createCodec,
  createTransport,
  decodeRequestPayload,
  ENVELOPE_QUERY_PARAM,
  encodeEnvelope,
  isTransportError,
  type TransportError,
} from "@chayong/transport";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkEndpointAnswer, createApi, readCustomerService } from "./api";
import { endpoints } from "./endpoints";
import { endpointList } from "./table";

const codec = createCodec(codecSettingsFromEnv({}));

interface Received {
  method: string;
  path: string;
  payload: unknown;
}

/** A stand-in server speaking the wire protocol; each test sets what it answers. */
let answer: (received: Received, response: ServerResponse) => void = () => {};
const received: Received[] = [];
let server: Server;
let baseUrl: string;

function readPayload(request: IncomingMessage, body: string): unknown {
  const url = new URL(request.url ?? "/", "http://x");
  const ciphertext = request.method === "GET" ? url.searchParams.get(ENVELOPE_QUERY_PARAM) : body;
  return ciphertext ? decodeRequestPayload(codec, ciphertext) : undefined;
}

function envelope(response: ServerResponse, status: number, body: unknown, message = "") {
  response.setHeader("content-type", "text/plain");
  response.end(encodeEnvelope(codec, { status, message, body }));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const entry: Received = {
        method: request.method ?? "",
        path: new URL(request.url ?? "/", "http://x").pathname,
        payload: readPayload(request, body),
      };
      received.push(entry);
      answer(entry, response);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

function makeApi(onSessionEnded?: (error: TransportError) => void) {
  const transport = createTransport({
    baseUrl,
    codec,
    session: {
      getToken: () => "token",
      getLoginInfo: () => null,
      getDevice: () => ({ adid: "test" }),
      getLocale: () => "ko-KR",
    },
  });
  return createApi(transport, { onSessionEnded });
}

async function rejection(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (error) {
    if (isTransportError(error)) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

describe("the endpoint table", () => {
  it("sends reads as GET and everything else as POST (docs/wire-protocol.md#requests)", () => {
    const reads =
      /\/(query\w*|detail|view|statistics|userDetails|queryUserDetail|config|ledger|export|pdf|statement|credentials|blockList|offlineLoanList|list)$/;
    for (const entry of endpointList) {
      expect([entry.id, entry.method]).toEqual([entry.id, reads.test(entry.path) ? "GET" : "POST"]);
    }
  });

  it("has one endpoint per path", () => {
    const paths = endpointList.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("refuses unknown fields in every request", () => {
    for (const entry of endpointList) {
      const result = v.safeParse(entry.request, { surplusField: 1 });
      expect([entry.id, result.success]).toEqual([entry.id, false]);
      const keys = result.issues?.flatMap(
        (issue) => issue.path?.map((step: { key: unknown }) => step.key) ?? [],
      );
      if (entry.request.type === "strict_object") expect(keys).toContain("surplusField");
    }
  });

  it("marks the server side of this issue implemented and the later ones not", () => {
    const implemented = endpointList.filter((entry) => entry.implemented).map((entry) => entry.id);
    expect(implemented).toEqual([
      "auth.sendCode",
      "auth.login",
      "auth.logout",
      "user.current",
      "identity.uploadImage",
      "identity.uploadCredentials",
      "identity.registerUpload",
      "identity.livenessChallenge",
      "identity.faceCompare",
      "identity.ocrCheck",
      "identity.ocrConfirm",
      "identity.addEmergencyContacts",
      "identity.userDetail",
      "contract.add",
      "contract.query",
      "contract.export",
      "contract.detail",
      "contract.open",
      "contract.view",
      "contract.pdf",
      "contract.statement",
      "contract.sign",
      "contract.reissueLink",
      "contract.reminders",
      "contract.cancel",
      "contract.repay",
      "contract.renew",
      "contract.reverse",
      "contract.ledger",
      "contract.userDetails",
      "contract.faceReview",
      "contract.block",
      "contract.unblock",
      "contract.blockList",
      "contract.statistics",
      "contract.statisticsWindows",
      "contract.sharedDebt",
      "contract.reportOfflineLoan",
      "contract.offlineLoanList",
      "contract.correctOfflineLoan",
      "contract.withdrawOfflineLoan",
      "notice.list",
      "template.add",
      "template.query",
      "template.remove",
      "apiKey.create",
      "apiKey.list",
      "apiKey.revoke",
      "config.service",
      "document.verify",
    ]);
  });

  it("marks every GET a read and every POST a write but the shared-debt lookup and the PDF check", () => {
    for (const entry of endpointList) {
      const read =
        entry.method === "GET" ||
        entry.id === "contract.sharedDebt" ||
        entry.id === "document.verify";
      expect([entry.id, entry.effect]).toEqual([entry.id, read ? "read" : "write"]);
    }
  });
});

describe("createApi", () => {
  it("has a function for every endpoint, grouped by area", () => {
    const api = makeApi();
    for (const [area, group] of Object.entries(endpoints)) {
      for (const name of Object.keys(group)) {
        expect(
          typeof (api as unknown as Record<string, Record<string, unknown>>)[area]?.[name],
        ).toBe("function");
      }
    }
  });

  it("calls the table's method and path with the encrypted payload, and answers the checked body", async () => {
    answer = (_, response) =>
      envelope(response, 200, [
        {
          id: "t1",
          name: "Basic",
          lender: "Kim",
          merchantName: "Kim Co",
          createdAt: "2026-01-01T00:00:00.000Z",
        },
      ]);
    const templates = await makeApi().template.query({ name: "Bas" });
    expect(received.at(-1)).toEqual({
      method: "GET",
      path: "/api/v1/template/query",
      payload: { name: "Bas" },
    });
    expect(templates[0]?.merchantName).toBe("Kim Co");

    answer = (_, response) => envelope(response, 200, null);
    await expect(makeApi().auth.logout()).resolves.toBeNull();
    expect(received.at(-1)).toEqual({
      method: "POST",
      path: "/auth/v1/user/loginOut",
      payload: {},
    });
  });

  it("reads one contract by id with a GET, and passes its refusal through", async () => {
    answer = (_, response) => envelope(response, 404, null, "not found");
    const error = await rejection(makeApi().contract.detail({ id: "c1" }));
    expect(received.at(-1)).toEqual({
      method: "GET",
      path: "/api/v1/contract/detail",
      payload: { id: "c1" },
    });
    expect(error).toMatchObject({
      kind: "envelope-status",
      status: 404,
      serverMessage: "not found",
    });
  });

  it("rejects an answer that does not match its schema instead of casting it", async () => {
    answer = (_, response) =>
      envelope(response, 200, { token: "t", loginInfo: { userId: 7 }, role: "admin" });
    const error = await rejection(makeApi().auth.login({ phone: "01012345678", code: "123456" }));
    expect(error.kind).toBe("invalid-data");
    expect(error.message).toMatch(/auth\.login/);
  });

  it("passes envelope failures through as the transport's errors", async () => {
    answer = (_, response) => envelope(response, 409, null, "already signed");
    const error = await rejection(makeApi().contract.sign({ id: "c1", signature: "iVBORw0KGgo=" }));
    expect(error).toMatchObject({
      kind: "envelope-status",
      status: 409,
      serverMessage: "already signed",
    });
  });

  it("returns a raw document as it is, and turns its plain JSON failure into a TransportError", async () => {
    answer = (_, response) => response.end("<!doctype html><title>contract</title>");
    await expect(makeApi().contract.view({ id: "c1" })).resolves.toBe(
      "<!doctype html><title>contract</title>",
    );

    answer = (_, response) =>
      response.end(
        JSON.stringify({ status: 403, message: "no", key: "access.forbidden", body: null }),
      );
    expect(await rejection(makeApi().contract.view({ id: "c1" }))).toMatchObject({
      kind: "envelope-status",
      messageKey: "transport.rejected",
      status: 403,
      serverMessage: "no",
      // The refusal's own key, as on an envelope refusal (README "Errors").
      serverKey: "access.forbidden",
    });

    const ended = vi.fn();
    answer = (_, response) =>
      response.end(
        JSON.stringify({ status: 301, message: "log in", key: "session.invalid", body: null }),
      );
    expect(await rejection(makeApi(ended).contract.view({ id: "c1" }))).toMatchObject({
      kind: "session-ended",
      serverKey: "session.invalid",
    });
    expect(ended).toHaveBeenCalledTimes(1);

    answer = (_, response) =>
      response.end(
        JSON.stringify({ status: 500, message: "oops", key: "server.error", body: null }),
      );
    expect(await rejection(makeApi().contract.view({ id: "c1" }))).toMatchObject({
      kind: "server-error",
      messageKey: "transport.serverError",
      serverKey: "server.error",
    });
  });

  it("reads a CSV download as text, the byte-order mark dropped by decoding, and its JSON failure as a TransportError", async () => {
    answer = (_, response) => {
      response.setHeader("content-type", "text/csv; charset=utf-8");
      response.end("\uFEFF계약 번호,금액\r\nc1,1000\r\n");
    };
    await expect(
      makeApi().contract.export({ kind: "contracts", status: "type4", type: "single" }),
    ).resolves.toBe("계약 번호,금액\r\nc1,1000\r\n");
    expect(received.at(-1)).toEqual({
      method: "GET",
      path: "/api/v1/contract/export",
      payload: { kind: "contracts", status: "type4", type: "single" },
    });

    answer = (_, response) =>
      response.end(
        JSON.stringify({
          status: 400,
          message: "select",
          key: "common.pleaseSelect",
          body: { errors: [{ field: "kind", key: "common.pleaseSelect", message: "select" }] },
        }),
      );
    expect(await rejection(makeApi().contract.export({ kind: "ledger" }))).toMatchObject({
      kind: "envelope-status",
      status: 400,
      serverMessage: "select",
      serverKey: "common.pleaseSelect",
      body: { errors: [{ field: "kind", key: "common.pleaseSelect" }] },
    });
  });

  it("reads a PDF download as bytes, refuses bytes that are not a PDF, and turns its JSON failure into a TransportError", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3])]);
    answer = (_, response) => {
      response.setHeader("content-type", "application/pdf");
      response.end(pdf);
    };
    const bytes = await makeApi().contract.pdf({ id: "c1" });
    expect([...bytes]).toEqual([...pdf]);
    expect(received.at(-1)).toEqual({
      method: "GET",
      path: "/api/v1/contract/pdf",
      payload: { id: "c1" },
    });

    answer = (_, response) => response.end("<html>not a pdf</html>");
    expect((await rejection(makeApi().contract.pdf({ id: "c1" }))).kind).toBe("invalid-data");

    answer = (_, response) =>
      response.end(
        JSON.stringify({
          status: 409,
          message: "not signed yet",
          key: "contract.pdf.notSigned",
          body: null,
        }),
      );
    expect(await rejection(makeApi().contract.pdf({ id: "c1" }))).toMatchObject({
      kind: "envelope-status",
      status: 409,
      serverMessage: "not signed yet",
      serverKey: "contract.pdf.notSigned",
    });
  });

  it("reads the customer-service contact out of extInfoJSON", () => {
    const contact = {
      line_img: "https://x/qr.png",
      line: "@chayong",
      line_url: "https://line.me/x",
    };
    expect(readCustomerService({ extInfoJSON: JSON.stringify(contact) })).toEqual(contact);
    expect(() => readCustomerService({ extInfoJSON: "{" })).toThrow(/not JSON/);
    expect(() => readCustomerService({ extInfoJSON: "{}" })).toThrow(/does not match/);
  });
});

describe("checkEndpointAnswer", () => {
  const user = { userId: "u-1", phone: "+821012345678", role: "borrower", lender: null };

  it("checks an answer that came another way with its endpoint's schema, as a call's answer", () => {
    // The schema's own reading: an older server's answer without `name` reads it as unknown.
    expect(checkEndpointAnswer("user.current", { ...user, identityVerified: false })).toEqual({
      ...user,
      identityVerified: false,
      name: null,
    });
  });

  it("refuses one that does not match, as the client refuses a call's answer", () => {
    expect(() => checkEndpointAnswer("user.current", { ...user, role: "admin" })).toThrow(
      expect.objectContaining({ kind: "invalid-data" }),
    );
  });
});
