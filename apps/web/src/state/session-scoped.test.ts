import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { forgetSessionAtom, onSessionChange, sessionScopedAtom } from "./session-scoped";

describe("session-scoped memory", () => {
  it("is forgotten together, back to its initial values", () => {
    const draft = sessionScopedAtom<string | null>(null);
    const cache = new Map([["a", 1]]);
    onSessionChange(() => cache.clear());
    const store = createStore();
    store.set(draft, "lender A's draft");

    store.set(forgetSessionAtom);

    expect(store.get(draft)).toBeNull();
    expect(cache.size).toBe(0);
  });
});
