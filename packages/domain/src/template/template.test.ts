import { describe, expect, it } from "vitest";
import type { MessageKey } from "../messages";
import { parseWithKeys } from "../validation";
import { templateDraftSchema } from "./template";

const valid = { name: "Standard 30 days", lender: "Kim Lender", merchantName: "Kim Finance" };

describe("templateDraftSchema (docs/validation.md#templates: name, lender and merchant name are required)", () => {
  it.each<[string, unknown, MessageKey, string]>([
    ["name missing", { lender: "a", merchantName: "b" }, "template.name.required", "name"],
    ["name blank", { ...valid, name: " " }, "template.name.required", "name"],
    ["lender missing", { name: "a", merchantName: "b" }, "template.lender.required", "lender"],
    [
      "merchant missing",
      { name: "a", lender: "b" },
      "template.merchantName.required",
      "merchantName",
    ],
    ["unknown field", { ...valid, rate: 3 }, "common.unknownField", "rate"],
  ])("%s -> %s", (_name, input, key, field) => {
    const result = parseWithKeys(templateDraftSchema, input);
    expect(result.ok ? [] : result.errors).toContainEqual({ kind: "validation", key, field });
  });

  it("trims a valid template", () => {
    expect(parseWithKeys(templateDraftSchema, { ...valid, name: " Standard 30 days " })).toEqual({
      ok: true,
      value: valid,
    });
  });
});
