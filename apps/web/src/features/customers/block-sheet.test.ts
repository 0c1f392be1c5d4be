import { parseWithKeys } from "@chayong/domain";
import { blockRequestSchema } from "@chayong/sdk/server";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { blockReasonRequestSchema } from "./block-sheet";

describe("the block reason rule", () => {
  it("is required (not just spaces) and at most 200 characters", () => {
    const problems = (reason: string) => {
      const parsed = parseWithKeys(blockReasonRequestSchema, { reason });
      return parsed.ok ? [] : parsed.errors.map(({ key, params }) => ({ key, params }));
    };
    expect(problems("  ")).toEqual([{ key: "common.pleaseFillIn", params: undefined }]);
    expect(problems("가".repeat(200))).toEqual([]);
    expect(problems("가".repeat(201))).toEqual([{ key: "text.tooLong", params: { max: 200 } }]);
  });

  it("is the server's rule of the block request's reason", () => {
    const verdict = (schema: v.GenericSchema, reason: string) => {
      const result = v.safeParse(schema, reason);
      return result.success ? result.output : result.issues.map((issue) => issue.message);
    };
    for (const reason of ["연락 두절", "  ", "", "가".repeat(201), "두 줄\n사유", "bad\u0000"]) {
      expect(verdict(blockReasonRequestSchema.entries.reason, reason)).toEqual(
        verdict(blockRequestSchema.entries.reason, reason),
      );
    }
  });
});
