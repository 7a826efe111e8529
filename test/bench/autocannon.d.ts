// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  /** One request of a sequence each connection sends in turn. */
  export interface Request {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    /** answers by status code */
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
