// autocannon 9 ships no types and @types/autocannon is not a dependency: the part of its API
// the throughput benchmarks use (bench/envelope.ts, bench/load.ts), as its README documents it.
declare module "autocannon" {
  /** One request as autocannon sends it (its fields override the options' own). */
  export interface Request {
    method?: "GET" | "POST";
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  /** A step of the request sequence each connection cycles through. */
  export interface RequestStep extends Request {
    /** Called before each send: the request to send (a falsy answer restarts the sequence). */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    /** Called with each answer, its body whole. */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  }

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
    /** The request sequence (without workers: functions run on this thread). */
    requests?: RequestStep[];
    /** Seconds without an answer before a request counts as a timeout (default 10). */
    timeout?: number;
    /** Requests per second over all connections (a fixed rate rather than as fast as possible). */
    overallRate?: number;
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
    /** Requests histogram: the requests sent (completed or not when the run ended). */
    sent: number;
  }

  export interface Result {
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
