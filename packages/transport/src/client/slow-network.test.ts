import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type PendingCall, watchSlowNetwork } from "./slow-network.ts";

const call: PendingCall = { id: 7, method: "POST", path: "/api/v1/contract/add" };

describe("watchSlowNetwork", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("notices a call still pending at the threshold, then reports its settling", () => {
    const events: string[] = [];
    const settle = watchSlowNetwork(
      call,
      5000,
      (c) => events.push(`slow ${c.id}`),
      (c) => events.push(`settled ${c.id}`),
    );
    vi.advanceTimersByTime(4999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(["slow 7"]);
    settle();
    expect(events).toEqual(["slow 7", "settled 7"]);
  });

  it("says nothing about a call that settles in time", () => {
    const events: string[] = [];
    const settle = watchSlowNetwork(
      call,
      5000,
      () => events.push("slow"),
      () => events.push("settled"),
    );
    vi.advanceTimersByTime(4000);
    settle();
    vi.advanceTimersByTime(10_000);
    expect(events).toEqual([]);
  });

  it("is off for Infinity (setTimeout would otherwise fire after 1 ms)", () => {
    const onSlow = vi.fn();
    watchSlowNetwork(call, Number.POSITIVE_INFINITY, onSlow, undefined);
    vi.advanceTimersByTime(60_000);
    expect(onSlow).not.toHaveBeenCalled();
  });

  it("a throwing listener breaks neither the timer nor the settle", () => {
    const settle = watchSlowNetwork(
      call,
      10,
      () => {
        throw new Error("toast failed");
      },
      () => {
        throw new Error("toast failed");
      },
    );
    expect(() => vi.advanceTimersByTime(10)).not.toThrow();
    expect(() => settle()).not.toThrow();
  });
});
