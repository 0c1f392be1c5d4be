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
    expect(reference).toContain(
      "| `borrowerPhone` | string (invisible characters at the ends trimmed, one line of text, min length 1, max length 32) | yes |",
    );
    expect(reference).toContain("| `receivedOn` | date `YYYY-MM-DD` | no |");
    expect(reference).toContain(
      "| `reason` | string (invisible characters at the ends trimmed, text, line breaks allowed, max length 500) \\| null | no |",
    );
    expect(reference).toContain("| `loanDate` | date `YYYY-MM-DD` | yes |");
  });
});
