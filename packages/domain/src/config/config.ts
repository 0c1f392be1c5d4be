import * as v from "valibot";
import { domainError, errorKinds, fail, type Result } from "../result";
import { parseWithKeys } from "../validation";

/** Customer-service config (docs/entities.md#service-config): requested with configKey 'line'. */
export const serviceConfigKey = "line";

/** The contact info shown in the service panel, read from `extInfoJSON` (field names as the wire). */
export const serviceConfigSchema = v.object({
  line_img: v.string("common.invalidValue"),
  line: v.string("common.invalidValue"),
  line_url: v.string("common.invalidValue"),
});
export type ServiceConfig = v.InferOutput<typeof serviceConfigSchema>;

/** Reads `body.extInfoJSON` (a JSON string) into the service config. */
export function parseServiceConfig(extInfoJSON: string): Result<ServiceConfig> {
  let value: unknown;
  try {
    value = JSON.parse(extInfoJSON);
  } catch {
    return fail(domainError(errorKinds.validation, "common.invalidValue", "extInfoJSON"));
  }
  return parseWithKeys(serviceConfigSchema, value);
}

/** Languages (docs/entities.md#languages): ko-KR = 0 (default), zh-TW = 1. */
export const languageOptions = [
  { label: "ko-KR", value: 0 },
  { label: "zh-TW", value: 1 },
] as const;
export type LanguageTag = (typeof languageOptions)[number]["label"];
export type LanguageIndex = (typeof languageOptions)[number]["value"];
export const defaultLanguage: LanguageTag = "ko-KR";

export const languageOptionSchema = v.object({
  label: v.picklist(["ko-KR", "zh-TW"]),
  value: v.picklist([0, 1]),
});

/** The language of a stored index; anything unknown falls back to ko-KR. */
export function languageFromIndex(index: unknown): LanguageTag {
  return languageOptions.find((option) => option.value === Number(index))?.label ?? defaultLanguage;
}

export function languageIndexOf(tag: string): LanguageIndex {
  return languageOptions.find((option) => option.label === tag)?.value ?? 0;
}
