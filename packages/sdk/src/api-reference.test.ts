import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderApiReference } from "./api-reference";
import { endpointList } from "./table";

describe("API.md", () => {
  it("is what the endpoint table generates (run `pnpm --filter @chayong/sdk api-doc`)", () => {
    const committed = readFileSync(new URL("../API.md", import.meta.url), "utf8");
    expect(committed).toBe(renderApiReference());
  });

  it("documents every endpoint with its method, path, access and fields", () => {
    const reference = renderApiReference();
    for (const entry of endpointList) {
      expect(reference).toContain(`## ${entry.id}`);
      expect(reference).toContain(`\`${entry.method} ${entry.path}\``);
    }
    expect(reference).toMatch(/\| `borrowerPhone` \| string \(trimmed, min length 1\) \| yes \|/);
    expect(reference).toContain("| `loanDate` | date `YYYY-MM-DD` | yes |");
  });
});
