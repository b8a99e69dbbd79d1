// Minimal types for the parts of `autocannon` (9.x) that scripts/bench.ts uses. The package ships no
// types and there is no @types/autocannon installed; extend this when the bench needs more.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
    headers?: Record<string, string>;
    /** A run before the measured one, with its own connections and duration; its figures are discarded. */
    warmup?: { connections?: number; duration?: number };
    title?: string;
    /** Requests each connection cycles through; `setupRequest` may change one before it is sent. */
    requests?: {
      method?: string;
      path?: string;
      setupRequest?: (request: { path: string }) => { path: string };
    }[];
  }

  /** Percentile keys as autocannon names them: p50, p97_5, p99, … */
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total?: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    [percentile: `p${string}`]: number;
  }

  interface Result {
    url: string;
    connections: number;
    /** Seconds actually run. */
    duration: number;
    start: Date;
    finish: Date;
    /** Connection errors, timeouts included. */
    errors: number;
    timeouts: number;
    non2xx: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds per request. */
    latency: Histogram & { totalCount: number };
    /** Completed requests per one-second sample. */
    requests: Histogram & { sent: number };
    /** Bytes per one-second sample. */
    throughput: Histogram;
  }

  /** Without a callback the returned emitter is also a promise of the result. */
  interface Instance extends PromiseLike<Result> {
    stop?: () => void;
    on(event: 'error', listener: (err: Error) => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
  export type { Options, Result, Instance, Histogram };
}
