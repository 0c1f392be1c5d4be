import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { presignPost, signingKey } from "./s3-post-policy";

describe("S3 POST policy (AWS Signature Version 4)", () => {
  it("derives the signing key and signs as the published step-by-step vector does", () => {
    // A worked example published with the steps of the algorithm (policy 'alpha', secret
    // 'bravo', date 'charlie', region 'delta', service 'echo'): each step is an HMAC-SHA256.
    const key = signingKey("bravo", "charlie", "delta", "echo");
    expect(key.toString("hex")).toBe(
      "3f9baa134ef279b39da4ab7ff8835662a70b1ac67d88da71540d437cb5488493",
    );
    const policy = Buffer.from("alpha").toString("base64");
    expect(createHmac("sha256", key).update(policy).digest("hex")).toBe(
      "7b9d11447e7bba48ef0d530f49d82de8adfd7b7ae064b144e6ac60d82166e4a6",
    );
  });

  it("limits the upload to the key prefix, the size and the lifetime, and signs that", () => {
    const now = new Date("2026-03-02T01:02:03.456Z");
    const fields = presignPost({
      bucket: "photos",
      region: "ap-northeast-2",
      accessKeyId: "AKID",
      secretAccessKey: "secret",
      keyPrefix: "file/incoming/user-1/",
      maxBytes: 10 * 1024 * 1024,
      expiresInSeconds: 300,
      now,
    });
    expect(fields["x-amz-date"]).toBe("20260302T010203Z");
    expect(fields["x-amz-credential"]).toBe("AKID/20260302/ap-northeast-2/s3/aws4_request");
    const policy = JSON.parse(Buffer.from(fields.policy, "base64").toString("utf8"));
    expect(policy).toEqual({
      expiration: "2026-03-02T01:07:03.456Z",
      conditions: [
        { bucket: "photos" },
        ["starts-with", "$key", "file/incoming/user-1/"],
        ["content-length-range", 1, 10 * 1024 * 1024],
        { success_action_status: "200" },
        { "x-amz-algorithm": "AWS4-HMAC-SHA256" },
        { "x-amz-credential": "AKID/20260302/ap-northeast-2/s3/aws4_request" },
        { "x-amz-date": "20260302T010203Z" },
      ],
    });
    const expected = createHmac("sha256", signingKey("secret", "20260302", "ap-northeast-2", "s3"))
      .update(fields.policy)
      .digest("hex");
    expect(fields["x-amz-signature"]).toBe(expected);
  });
});
