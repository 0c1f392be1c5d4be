import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SessionProvider } from "../client/session.ts";
import { createTransport, type TransportOptions } from "../client/transport.ts";
import { createCodec } from "../codec/codec.ts";
import { rejection, serveEachTest } from "../test-support/harness.ts";
import {
  answer,
  closedPortUrl,
  delay,
  nodeCipher,
  type RecordedRequest,
  readForm,
} from "../test-support/test-server.ts";
import type { UploadProgress } from "./upload.ts";

const key = Uint8Array.from(randomBytes(16));
const iv = Uint8Array.from(randomBytes(16));
const codec = createCodec({ key, iv });
const server = nodeCipher(key, iv);
const ok = (body: unknown) => server.encrypt(JSON.stringify({ status: 200, message: "", body }));

const session: SessionProvider = {
  getToken: () => "token-up",
  getLoginInfo: () => ({ userId: "user-1", uuId: "uu-1" }),
  getDevice: () => ({ adid: "ad" }),
  getLocale: () => "ko-KR",
};

const serve = serveEachTest();

function transportFor(fileBaseUrl: string, options: Partial<TransportOptions> = {}) {
  return createTransport({
    baseUrl: "http://127.0.0.1:1",
    fileBaseUrl,
    codec,
    session,
    ...options,
  });
}

const image = (name: string, size: number) =>
  new File([randomBytes(size)], name, { type: "image/jpeg" });

describe("upload", () => {
  it("sends the files one after another, as multipart, to the file base URL", async () => {
    const log: string[] = [];
    const files = await serve(async (request, res) => {
      const form = await readForm(request);
      const file = form.get("file") as File;
      log.push(`arrived ${file.name}`);
      if (file.name === "front.jpg") await delay(80); // the next file must still wait
      log.push(`answered ${file.name}`);
      answer(
        res,
        ok({ url: `https://files.example/${file.name}`, name: file.name, size: file.size }),
      );
    });
    const upload = [image("front.jpg", 2048), image("back.jpg", 1024), image("holding.jpg", 512)];

    const answers = await transportFor(`${files.url}/files/`).upload(upload, {
      formData: { purpose: "idCard" },
    });

    expect(answers).toEqual([
      { url: "https://files.example/front.jpg", name: "front.jpg", size: 2048 },
      { url: "https://files.example/back.jpg", name: "back.jpg", size: 1024 },
      { url: "https://files.example/holding.jpg", name: "holding.jpg", size: 512 },
    ]);
    expect(log).toEqual([
      "arrived front.jpg",
      "answered front.jpg",
      "arrived back.jpg",
      "answered back.jpg",
      "arrived holding.jpg",
      "answered holding.jpg",
    ]);
    for (const [index, request] of files.requests.entries()) {
      expect(request.method).toBe("POST");
      expect(request.url.pathname).toBe("/files/upload/image");
      expect(request.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      expect(request.headers).toMatchObject({
        nscper: "token-up",
        userid: "user-1",
        version: "12.0.0",
      });
      const form = await readForm(request);
      expect([...form.keys()]).toEqual(["purpose", "file"]);
      expect(form.get("purpose")).toBe("idCard");
      const sent = form.get("file") as File;
      expect(Buffer.from(await sent.arrayBuffer())).toEqual(
        Buffer.from(await (upload[index] as File).arrayBuffer()),
      );
    }
  });

  it("takes another path and field name", async () => {
    const files = await serve((_, res) => answer(res, ok({ url: "u" })));
    await transportFor(files.url).upload([new Blob(["sig"], { type: "image/png" })], {
      path: "/upload/signature",
      field: "signature",
    });
    const request = files.requests[0] as RecordedRequest;
    expect(request.url.pathname).toBe("/upload/signature");
    const form = await readForm(request);
    expect((form.get("signature") as File).name).toBe("file-1");
  });

  it("reports progress per file, reaching 1 only when the last file is answered", async () => {
    const files = await serve((_, res) => answer(res, ok({ url: "u" })));
    const events: UploadProgress[] = [];
    await transportFor(files.url).upload([image("a.jpg", 10), image("b.jpg", 10)], {
      onProgress: (progress) => events.push(progress),
    });
    expect(events).toEqual([
      { fileIndex: 0, fileCount: 2, filePercent: 1, percent: 0.5 },
      { fileIndex: 1, fileCount: 2, filePercent: 1, percent: 1 },
    ]);
  });

  it("reports bytes as they go out with byteProgress, never going back", async () => {
    const files = await serve((_, res) => answer(res, ok({ url: "u" })));
    const events: UploadProgress[] = [];
    await transportFor(files.url).upload([image("a.jpg", 300_000), image("b.jpg", 300_000)], {
      byteProgress: true,
      onProgress: (progress) => events.push(progress),
    });
    const percents = events.map((e) => e.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(percents).size).toBe(percents.length);
    expect(events.some((e) => e.fileIndex === 0 && e.filePercent > 0 && e.filePercent < 1)).toBe(
      true,
    );
    expect(events.at(-1)).toEqual({ fileIndex: 1, fileCount: 2, filePercent: 1, percent: 1 });
    expect(files.requests).toHaveLength(2);
  });

  it("rejects a files value that is not an array, with the spec's message", async () => {
    const files = await serve((_, res) => answer(res, ok({ url: "u" })));
    const transport = transportFor(files.url);
    for (const notArray of [image("a.jpg", 1), "a.jpg", undefined, { 0: image("a.jpg", 1) }]) {
      const error = await rejection(transport.upload(notArray as never));
      expect(error).toMatchObject({
        kind: "files-not-array",
        messageKey: "transport.filesNotArray",
        message: "files 必须是数组类型",
      });
    }
    expect(files.connections).toBe(0);
  });

  it("rejects a file over maxBytes before any byte of any file is sent", async () => {
    const files = await serve((_, res) => answer(res, ok({ url: "u" })));
    const error = await rejection(
      transportFor(files.url).upload([image("small.jpg", 100), image("big.jpg", 2000)], {
        maxBytes: 1000,
      }),
    );
    expect(error).toMatchObject({
      kind: "file-too-large",
      messageKey: "transport.fileTooLarge",
      message: "image too large, please re-upload",
      params: { index: 1, size: 2000, maxBytes: 1000 },
    });
    expect(files.connections).toBe(0);
  });

  it("limits files to 10 MB unless told otherwise (the server's limit)", async () => {
    const files = await serve((_, res) => answer(res, ok({ url: "u" })));
    const tooBig = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]);
    const error = await rejection(transportFor(files.url).upload([tooBig]));
    expect(error.kind).toBe("file-too-large");
    expect(files.connections).toBe(0);
  });

  it("rejects an item that is not a file as prepare-failed, before sending", async () => {
    const files = await serve((_, res) => answer(res, ok({ url: "u" })));
    const error = await rejection(
      transportFor(files.url).upload([image("a.jpg", 1), "b.jpg" as unknown as Blob]),
    );
    expect(error.kind).toBe("prepare-failed");
    expect(files.connections).toBe(0);
  });

  it("stops at the first refused file and passes the server's answer back", async () => {
    const files = await serve(async (request, res) => {
      const file = (await readForm(request)).get("file") as File;
      if (file.name === "b.jpg") {
        answer(
          res,
          server.encrypt(JSON.stringify({ status: 400, message: "이미지만 가능", body: null })),
        );
      } else {
        answer(res, ok({ url: file.name }));
      }
    });
    const error = await rejection(
      transportFor(files.url).upload([image("a.jpg", 5), image("b.jpg", 5), image("c.jpg", 5)]),
    );
    expect(error).toMatchObject({
      kind: "envelope-status",
      status: 400,
      serverMessage: "이미지만 가능",
    });
    expect(files.requests).toHaveLength(2);
  });

  it("shares the catalogue: HTTP status, time-out, unreachable", async () => {
    const refusing = await serve((_, res) => answer(res, "too large", 413));
    expect((await rejection(transportFor(refusing.url).upload([image("a.jpg", 5)]))).kind).toBe(
      "http-status",
    );
    const silent = await serve(() => {});
    expect(
      (await rejection(transportFor(silent.url).upload([image("a.jpg", 5)], { timeoutMs: 100 })))
        .kind,
    ).toBe("timeout");
    const closed = await closedPortUrl();
    expect((await rejection(transportFor(closed).upload([image("a.jpg", 5)]))).kind).toBe(
      "unreachable",
    );
  });

  it("resolves an empty list without sending anything", async () => {
    const files = await serve((_, res) => answer(res, ok({ url: "u" })));
    await expect(transportFor(files.url).upload([])).resolves.toEqual([]);
    expect(files.connections).toBe(0);
  });
});
