import { describe, expect, it } from "vitest";
import { actionKeys, isCreation, newActionKey } from "./action-key";

describe("the key of a creation being sent (docs/idempotency.md)", () => {
  it("stays while the same request is sent again, and changes with the request or after success", () => {
    const keys = actionKeys();
    const draft = { name: "Loan", loanAmount: 1_000_000 };
    const first = keys.keyFor(draft);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    // A double tap, or sending again after a time-out: the same action.
    expect(keys.keyFor({ ...draft })).toBe(first);
    // The person changed the form: another action.
    const changed = keys.keyFor({ ...draft, loanAmount: 900_000 });
    expect(changed).not.toBe(first);
    // Done: the same form sent again on purpose is a new creation.
    keys.succeeded();
    expect(keys.keyFor({ ...draft, loanAmount: 900_000 })).not.toBe(changed);
  });

  it("names the SDK's creations and draws keys the server accepts", () => {
    expect(isCreation("contract.add")).toBe(true);
    expect(isCreation("contract.repay")).toBe(false);
    expect(new Set(Array.from({ length: 50 }, newActionKey)).size).toBe(50);
  });
});
