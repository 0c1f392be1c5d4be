import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTransport, type TransportOptions } from "../client/transport.ts";
import { createCodec } from "../codec/codec.ts";
import { rejection, serveEachTest } from "../test-support/harness.ts";
import { answer, type RecordedRequest, readForm } from "../test-support/test-server.ts";

const codec = createCodec({
  key: Uint8Array.from(randomBytes(16)),
  iv: Uint8Array.from(randomBytes(16)),
});
const session = {
  getToken: () => "app-session-token",
  getLoginInfo: () => ({ userId: "user-1", uuId: "uu-1" }),
  getDevice: () => ({ adid: "ad" }),
  getLocale: () => "ko-KR" as const,
};

const serve = serveEachTest();

const transportFor = (options: Partial<TransportOptions>) =>
  createTransport({ baseUrl: "http://127.0.0.1:1", codec, session, ...options });

describe("uploadToCloud", () => {
  it("rejects clearly when no upload-token provider was given", async () => {
    const error = await rejection(transportFor({}).uploadToCloud(new Blob(["x"])));
    expect(error).toMatchObject({ kind: "no-upload-token", messageKey: "transport.noUploadToken" });
    expect(error.message).toContain("uploadTokenProvider");
  });

  it("posts token, key and file to the region's URL, without the app's session headers", async () => {
    const storage = await serve((_, res) => answer(res, JSON.stringify({ key: "k", hash: "h" })));
    const regions: string[] = [];
    const transport = transportFor({
      uploadTokenProvider: async () => ({
        visitPrefix: "https://cdn.example.com/",
        folderPath: "idcard/",
        token: "upload-token-1",
      }),
      cloudUploadUrl: (region) => {
        regions.push(region);
        return `${storage.url}/upload`;
      },
    });

    const uploaded = await transport.uploadToCloud(
      new File([new Uint8Array([1, 2, 3])], "front.PNG", { type: "image/png" }),
    );

    expect(regions).toEqual(["SCN"]);
    expect(uploaded.region).toBe("SCN");
    expect(uploaded.key).toMatch(/^file\/idcard\/\d{13}[A-Za-z0-9]{10}\.png$/);
    expect(uploaded.url).toBe(`https://cdn.example.com/${uploaded.key}`);
    const request = storage.requests[0];
    expect(request?.url.pathname).toBe("/upload");
    expect(request?.headers).not.toHaveProperty("nscper");
    expect(request?.headers).not.toHaveProperty("userid");
    const form = await readForm(request as RecordedRequest);
    expect(form.get("token")).toBe("upload-token-1");
    expect(form.get("key")).toBe(uploaded.key);
    expect(Buffer.from(await (form.get("file") as File).arrayBuffer())).toEqual(
      Buffer.from([1, 2, 3]),
    );
  });

  it("sends an S3 presigned POST's fields as fields of their own, to its upload URL", async () => {
    // S3 answers 200 to a form that asks for it (success_action_status, part of the policy).
    const storage = await serve((_, res) => answer(res, ""));
    const fields = {
      policy: "cG9saWN5",
      success_action_status: "200",
      "x-amz-signature": "abc",
    };
    const token = `s3post:${Buffer.from(JSON.stringify(fields)).toString("base64url")}`;
    const transport = transportFor({
      uploadTokenProvider: () => ({
        visitPrefix: `${storage.url}/bucket`,
        folderPath: "incoming/user-1/",
        region: "ap-northeast-2",
        token,
        uploadUrl: `${storage.url}/bucket`,
      }),
      cloudUploadUrl: () => undefined,
    });
    const uploaded = await transport.uploadToCloud(
      new Blob([new Uint8Array([9])], { type: "image/jpeg" }),
    );
    expect(uploaded.key).toMatch(/^file\/incoming\/user-1\/\d{13}[A-Za-z0-9]{10}\.jpg$/);
    const request = storage.requests[0] as RecordedRequest;
    expect(request.url.pathname).toBe("/bucket");
    const form = await readForm(request);
    expect([...form.keys()]).toEqual([
      "key",
      "policy",
      "success_action_status",
      "x-amz-signature",
      "file",
    ]);
    expect(form.get("token")).toBeNull();
    expect(form.get("x-amz-signature")).toBe("abc");
  });

  it("refuses an S3 token that does not hold form fields, sending nothing", async () => {
    const storage = await serve((_, res) => answer(res, "", 204));
    const transport = transportFor({
      uploadTokenProvider: () => ({
        visitPrefix: "",
        folderPath: "",
        token: `s3post:${Buffer.from("[1,2]").toString("base64url")}`,
        uploadUrl: storage.url,
      }),
    });
    const error = await rejection(transport.uploadToCloud(new Blob(["x"])));
    expect(error).toMatchObject({ kind: "prepare-failed" });
    expect(storage.requests).toHaveLength(0);
  });

  it("uses the credentials' region and reports storage refusals as http-status", async () => {
    const storage = await serve((_, res) => answer(res, '{"error":"expired token"}', 401));
    const transport = transportFor({
      uploadTokenProvider: () => ({ visitPrefix: "", folderPath: "", region: "ECN", token: "t" }),
      cloudUploadUrl: (region) => (region === "ECN" ? storage.url : undefined),
    });
    const error = await rejection(transport.uploadToCloud(new Blob(["x"])));
    expect(error).toMatchObject({ kind: "http-status", httpStatus: 401 });
  });

  it("a provider that fails or gives no token rejects as prepare-failed, sending nothing", async () => {
    const storage = await serve((_, res) => answer(res, "{}"));
    const failing = transportFor({
      uploadTokenProvider: () => Promise.reject(new Error("token endpoint down")),
      cloudUploadUrl: () => storage.url,
    });
    expect((await rejection(failing.uploadToCloud(new Blob(["x"])))).kind).toBe("prepare-failed");
    const empty = transportFor({
      uploadTokenProvider: () => ({ visitPrefix: "", folderPath: "", token: "" }),
      cloudUploadUrl: () => storage.url,
    });
    expect((await rejection(empty.uploadToCloud(new Blob(["x"])))).message).toContain("no token");
    const unknownRegion = transportFor({
      uploadTokenProvider: () => ({ visitPrefix: "", folderPath: "", region: "MARS", token: "t" }),
    });
    expect((await rejection(unknownRegion.uploadToCloud(new Blob(["x"])))).message).toContain(
      "MARS",
    );
    expect(storage.connections).toBe(0);
  });

  it("refuses a file over maxBytes before asking for a token", async () => {
    let asked = 0;
    const transport = transportFor({
      uploadTokenProvider: () => {
        asked++;
        return { visitPrefix: "", folderPath: "", token: "t" };
      },
    });
    const error = await rejection(transport.uploadToCloud(new Blob(["12345"]), { maxBytes: 4 }));
    expect(error.kind).toBe("file-too-large");
    expect(asked).toBe(0);
  });
});
