import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { entryRoutePreloads } from "./entry-route-preload-plugin";

function chunk(fileName: string, fields: Partial<Rollup.OutputChunk> = {}): Rollup.OutputChunk {
  return {
    type: "chunk",
    fileName,
    name: fileName,
    imports: [],
    isEntry: false,
    ...fields,
  } as Rollup.OutputChunk;
}

describe("entryRoutePreloads", () => {
  it("names the entry route's dynamic parts and their imports, never what the shell loads nor the API chunk", () => {
    const bundle = Object.fromEntries(
      [
        chunk("index.js", { isEntry: true, imports: ["app.js"] }),
        chunk("app.js"),
        chunk("order.js", {
          facadeModuleId: "/w/apps/web/src/routes/pages/order/[index].tsx?tsr-split=component",
          imports: ["app.js", "select.js"],
        }),
        chunk("select.js", { imports: ["app.js"] }),
        chunk("api.js", {
          facadeModuleId: "/w/apps/web/src/session/app-api.ts",
          imports: ["ky.js"],
        }),
        chunk("ky.js"),
        chunk("ko.js", { name: "ko-KR-boot" }),
        chunk("signature.js", { facadeModuleId: "/w/apps/web/src/routes/pages/loans/sign.tsx" }),
      ].map((item) => [item.fileName, item]),
    );
    // The API chunk loads after the page has: the list shows what the first read answered.
    expect(entryRoutePreloads(bundle).sort()).toEqual(["ko.js", "order.js", "select.js"].sort());
  });

  it("fails the build when a part is gone (a renamed route would silently lose its preload)", () => {
    const bundle = { "index.js": chunk("index.js", { isEntry: true }) };
    expect(() => entryRoutePreloads(bundle)).toThrow(/not in the build/);
  });
});
