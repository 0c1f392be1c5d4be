/**
 * A small seeded generator (mulberry32): numbers in [0, 1) that are the same for the same seed in
 * every process and on every machine. The one-identity projection depends on that; the test kit
 * and the benchmarks use it to draw the same cards, frames and books on every run.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
