import { describe, expect, it } from "vitest";
import { bootMessageRules, isBootMessage } from "./boot-messages";
import { messageIds } from "./catalogs";

describe("the boot part of the catalogs", () => {
  it("takes an id or an area by name, never a mere prefix of a word", () => {
    expect(isBootMessage("contract.status")).toBe(true);
    expect(isBootMessage("contract.status.type4")).toBe(true);
    expect(isBootMessage("contract.statusLabel")).toBe(false);
    expect(isBootMessage("login.code.invalid")).toBe(true);
    expect(isBootMessage("stats.title")).toBe(false);
  });

  it("names only ids and areas the catalogs have (a renamed id must not drop out silently)", () => {
    const unknown = bootMessageRules.filter(
      (rule) =>
        !messageIds.some((id) =>
          rule.endsWith("!") ? id === rule.slice(0, -1) : id === rule || id.startsWith(`${rule}.`),
        ),
    );
    expect(unknown).toEqual([]);
  });

  it("stays the smaller part: the first screens, not the whole app", () => {
    const boot = messageIds.filter(isBootMessage);
    expect(boot.length).toBeLessThan(messageIds.length / 2);
  });
});
