import { describe, expect, it } from "vitest";
import { echoing, type InvalidationEvents } from "./invalidations";

/** A listener the test drives by hand: what a database's notifications would do. */
function handListener() {
  let events: InvalidationEvents | null = null;
  const echo = echoing(async (given) => {
    events = given;
    return async () => {};
  });
  const heardTags: string[][] = [];
  const started = echo.listen({ onTags: (tags) => heardTags.push(tags), onLive: () => {} });
  const drive = () => {
    if (events === null) throw new Error("not listening");
    return events;
  };
  return { echo, started, drive, heardTags };
}

const settledWithin = async (promise: Promise<void>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise((done) => setTimeout(() => done(false), ms)),
  ]);

describe("a change waiting for its own invalidation (echoing)", () => {
  it("resolves when a notification naming one of its tags arrives, after the cache heard it", async () => {
    const { echo, started, drive, heardTags } = handListener();
    await started;
    drive().onLive(true);
    const heard = echo.heard(["s:1"]);
    expect(await settledWithin(heard, 20)).toBe(false);
    drive().onTags(["u:9"]);
    expect(await settledWithin(heard, 20)).toBe(false);
    drive().onTags(["s:1", "u:2"]);
    expect(await settledWithin(heard, 20)).toBe(true);
    expect(heardTags).toEqual([["u:9"], ["s:1", "u:2"]]);
  });

  it("does not wait when nothing listens live, and stops waiting when the listener is lost", async () => {
    const { echo, started, drive } = handListener();
    await started;
    expect(await settledWithin(echo.heard(["s:1"]), 20)).toBe(true);
    drive().onLive(true);
    const heard = echo.heard(["s:1"]);
    drive().onLive(false);
    expect(await settledWithin(heard, 20)).toBe(true);
  });

  it("gives up after its time-out (the change rolled back: no notification comes)", async () => {
    const { echo, started, drive } = handListener();
    await started;
    drive().onLive(true);
    expect(await settledWithin(echo.heard(["s:1"], 30), 200)).toBe(true);
  });
});
