declare module "autocannon" {
  /** One request of a sequence that every connection goes round (`requests`). */
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before the request is sent, with the connection's own context; returns the request to send. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    setupRequest?: (request: Request, context: any) => Request;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    onResponse?: (status: number, body: string, context: any) => void;
  }
  /** The part of autocannon's API the bench uses. */
  interface Options {
    url: string;
    connections: number;
    pipelining: number;
    headers?: Record<string, string>;
    requests?: Request[];
    /** Seconds to run, or… */
    duration?: number;
    /** …a number of requests to send. */
    amount?: number;
    /** Called with each connection's client as it is made. */
    setupClient?: (client: Client) => void;
  }
  /** A connection; the part of it the bench touches. */
  interface Client {
    pipelinedRequests: { addBody: (data: Buffer) => void };
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
