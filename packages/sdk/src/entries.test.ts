import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Api } from "./api";
import { endpoints } from "./endpoints";
import { type RequestInput, requestSchemas } from "./requests";

/** The local modules a module loads at run time (type-only imports and exports left out). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), "utf8");
  const statements = source.match(/^(?:import|export)\b[^;]*?\bfrom\s+"\.[^"]+";/gms) ?? [];
  return statements
    .filter((statement) => !/^(?:import|export)\s+type\b/.test(statement))
    .map((statement) => `${/from\s+"(\.[^"]+)"/.exec(statement)?.[1]}.ts`)
    .map((relative) => new URL(relative, new URL(file, import.meta.url)).pathname);
}

function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of runtimeImports(file)) visit(imported);
  };
  visit(new URL(entry, import.meta.url).pathname);
  return seen;
}

describe("the two entries", () => {
  it("give every endpoint of the table exactly one request schema", () => {
    const ids = (table: object) =>
      Object.entries(table).flatMap(([area, group]) =>
        Object.keys(group as object).map((name) => `${area}.${name}`),
      );
    expect(ids(requestSchemas)).toEqual(ids(endpoints));
  });

  it("keep the request schemas out of the client (@chayong/sdk) at run time", () => {
    const isRequests = (file: string) => /\/requests\.ts$|-requests\.ts$/.test(file);
    expect([...reachable("./index.ts")].filter(isRequests)).toEqual([]);
    // ...and the server's entry has every one of them.
    expect(
      [...reachable("./server.ts")]
        .filter(isRequests)
        .map((file) => file.split("/src/")[1])
        .sort(),
    ).toEqual([
      "requests.ts",
      "schemas/api-key-requests.ts",
      "schemas/config-requests.ts",
      "schemas/contract-requests.ts",
      "schemas/identity-requests.ts",
    ]);
  });
});

describe("the client's types", () => {
  it("still type each function's input from its request schema", () => {
    type LoginInput = Parameters<Api["auth"]["login"]>[0];
    expectTypeOf<LoginInput>().toEqualTypeOf<RequestInput<"auth.login">>();
    expectTypeOf<LoginInput>().toEqualTypeOf<{ phone: string; code: string }>();
    expectTypeOf<Parameters<Api["contract"]["detail"]>[0]>().toEqualTypeOf<{ id: string }>();
  });
});
