declare module "autocannon" {
  interface Result {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export default function autocannon(options: { url: string; connections: number; duration: number; pipelining: number; headers?: Record<string, string> }): Promise<Result>;
}
