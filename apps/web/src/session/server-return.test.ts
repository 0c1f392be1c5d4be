import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connectionProblemAtom } from "../shell/connectivity";
import { networkDownAtom } from "./error-catalogue";
import { watchServerReturn } from "./server-return";

afterEach(() => {
  vi.useRealTimers();
});

describe("the connection notice", () => {
  it("goes as soon as the server answers /healthz again, without waiting for a request", async () => {
    vi.useFakeTimers();
    const store = createStore();
    let serverUp = false;
    const asked: string[] = [];
    const fetchHealth = vi.fn(async (url: URL | RequestInfo) => {
      asked.push(String(url));
      if (!serverUp) throw new TypeError("Failed to fetch");
      return new Response('{"ok":true}', { status: 200 });
    }) as unknown as typeof fetch;
    const stop = watchServerReturn(store, {
      baseUrl: "https://loans.example.com/",
      fetch: fetchHealth,
      intervalMs: 1000,
    });
    // Nothing is asked while requests get answers.
    await vi.advanceTimersByTimeAsync(3000);
    expect(asked).toEqual([]);

    store.set(networkDownAtom, true);
    expect(store.get(connectionProblemAtom)).toBe("unreachable");
    await vi.advanceTimersByTimeAsync(2000);
    expect(asked).toEqual([
      "https://loans.example.com/healthz",
      "https://loans.example.com/healthz",
    ]);
    expect(store.get(connectionProblemAtom)).toBe("unreachable");

    serverUp = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.get(connectionProblemAtom)).toBeNull();
    // Back up: no more asking.
    await vi.advanceTimersByTimeAsync(5000);
    expect(asked).toHaveLength(3);
    stop();
  });
});
