declare module "autocannon" {
  /** The part of autocannon's API the bench uses. */
  interface Options {
    url: string;
    connections: number;
    pipelining: number;
    headers?: Record<string, string>;
    /** Seconds to run, or… */
    duration?: number;
    /** …a number of requests to send. */
    amount?: number;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
