/** The part of autocannon 8's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    timeout?: number;
    /** Cycled through by every connection; `context` is the connection's own object. */
    requests?: {
      method?: string;
      path: string;
      setupRequest?: (
        request: { path: string; headers?: Record<string, string> },
        context: Record<string, unknown>,
      ) => { path: string; headers?: Record<string, string> };
    }[];
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
