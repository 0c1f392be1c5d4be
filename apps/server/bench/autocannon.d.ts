// autocannon 9 ships no types and @types/autocannon is not a dependency: the part of its API
// the throughput benchmarks use (bench/envelope.ts), as its README documents it.
declare module "autocannon" {
  interface Options {
    url: string;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Fire from this many worker threads (their own event loops). */
    workers?: number;
    /** A response whose body differs counts as a mismatch. */
    expectBody?: string;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p99: number;
    /** Requests histogram: the requests completed over the whole run. */
    total: number;
  }

  interface Result {
    /** Requests per second, one sample a second. */
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    /** Bytes per second. */
    throughput: Histogram;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
