declare module "negotiator" {
  import type { IncomingHttpHeaders } from "node:http";

  /** negotiator 1.x: content negotiation from request headers (only what we use). */
  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The acceptable encodings among `available`, best first; ties go to the order of `preferred`. */
    encodings(available?: string[], options?: { preferred?: string[] }): string[];
  }
}
