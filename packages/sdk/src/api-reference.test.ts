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
    expect(reference).toContain(
      "| `reason` | string (invisible characters at the ends trimmed, text, line breaks allowed, max length 500) \\| null | no |",
    );
    expect(reference).toContain("| `loanDate` | date `YYYY-MM-DD` | yes |");
  });

  it("says when a field the schema leaves optional is required after all (the domain's rules)", () => {
    const section = (id: string) => {
      const reference = renderApiReference();
      const start = reference.indexOf(`## ${id}\n`);
      return reference.slice(start, reference.indexOf("\n## ", start + 1));
    };
    // A repayment without the day it was received is refused (operation.receivedOn.required);
    // a waiver alone is not.
    const repay = section("contract.repay");
    expect(repay).toContain(
      "| `receivedOn` | date `YYYY-MM-DD` | when `repaymentAmount` > 0 (a waiver alone needs none) |",
    );
    expect(repay).toContain(
      "| `repaymentAmount` | money | when `waiverAmount` is absent or 0 (at least one amount) |",
    );
    expect(repay).toContain("| `reason` |");
    expect(repay).not.toMatch(/\| `(receivedOn|repaymentAmount|waiverAmount)` \|[^\n]*\| no \|/);
    const add = section("contract.add");
    expect(add).toContain(
      '| `interval` | `"weekly"` \\| `"fortnightly"` \\| `"monthly"` | when `instalment` is true |',
    );
    expect(add).toContain("| `serviceFee` | money (default 0) | no |");
  });

  it("links the contract statuses to what they mean wherever a status appears", () => {
    const reference = renderApiReference();
    const statusRows = reference.split("\n").filter((line) => line.includes('`"type1"`'));
    expect(statusRows.length).toBeGreaterThan(5);
    for (const row of statusRows) {
      expect(row).toContain("([meaning](../../docs/statuses.md#contract-statuses))");
    }
    expect(reference).toContain("`type1` pending signature");
  });
});
