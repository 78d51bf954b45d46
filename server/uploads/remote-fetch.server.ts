import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { publicAddressesOnly, type AddressPolicy } from "#server/uploads/address-policy.server.ts";

/**
 * Fetches one file from an http(s) address for the server itself, guarded against server-side request forgery:
 * - every address the host name resolves to must pass the policy (public unicast only, by default), and the
 *   connection goes to an address that was checked: the check runs inside the socket's own DNS lookup, so a name
 *   that answers differently a moment later (DNS rebinding) cannot slip a private address in;
 * - an address written as an IP is checked the same way (no lookup happens for it);
 * - redirects are followed by hand, at most `maxRedirects`, each new address checked as the first;
 * - one deadline for the whole exchange, and a byte cap counted while the body streams in.
 */

export type RemoteFetchFailure = "blocked" | "unreachable" | "tooLarge";

export class RemoteFetchError extends Error {
  readonly reason: RemoteFetchFailure;
  constructor(reason: RemoteFetchFailure, message: string) {
    super(message);
    this.name = "RemoteFetchError";
    this.reason = reason;
  }
}

export interface RemoteFetchOptions {
  maxBytes: number;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Which addresses may be connected to; tests allow their own loopback server, production never does. */
  addressPolicy?: AddressPolicy;
  /** The Accept header. */
  accept?: string;
}

export interface RemoteFile {
  bytes: Uint8Array;
  /** The last path segment of the final address, for the stored file's readable name. */
  name: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 3;

/** A DNS lookup that answers only when every address the name has passes the policy. */
function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (addresses.length === 0 || addresses.some((a) => !policy(a.address))) {
        return callback(new RemoteFetchError("blocked", `${hostname} resolves to an address that is not allowed`), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function checkAddress(url: URL, policy: AddressPolicy): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new RemoteFetchError("blocked", "Only http and https addresses are fetched");
  if (url.username || url.password) throw new RemoteFetchError("blocked", "Addresses with credentials are not fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !policy(host)) throw new RemoteFetchError("blocked", `${host} is not an allowed address`);
}

function request(url: URL, options: Required<Pick<RemoteFetchOptions, "addressPolicy">> & RemoteFetchOptions, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "GET",
      signal,
      lookup: guardedLookup(options.addressPolicy),
      // No keep-alive pool: each request's lookup runs (and is checked) afresh.
      agent: false,
      headers: { accept: options.accept ?? "*/*", "user-agent": "Phrasewise media import" },
    });
    req.on("response", resolve);
    req.on("error", reject);
    req.end();
  });
}

function readCapped(response: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        reject(new RemoteFetchError("tooLarge", "The file is larger than allowed"));
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    response.on("error", reject);
    response.on("aborted", () => reject(new RemoteFetchError("unreachable", "The connection ended early")));
  });
}

function lastSegment(url: URL): string {
  const segment = url.pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(segment).slice(0, 120);
  } catch {
    return segment.slice(0, 120);
  }
}

export async function fetchRemoteFile(address: string, options: RemoteFetchOptions): Promise<RemoteFile> {
  const settings = { ...options, addressPolicy: options.addressPolicy ?? publicAddressesOnly };
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RemoteFetchError("unreachable", "Not an address");
  }
  try {
    for (let hop = 0; ; hop++) {
      checkAddress(url, settings.addressPolicy);
      const response = await request(url, settings, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= maxRedirects) throw new RemoteFetchError("unreachable", "Too many redirects");
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new RemoteFetchError("unreachable", `The address answered ${status}`);
      }
      const declared = Number(response.headers["content-length"] ?? 0);
      if (declared > options.maxBytes) {
        response.destroy();
        throw new RemoteFetchError("tooLarge", "The file is larger than allowed");
      }
      const bytes = await readCapped(response, options.maxBytes);
      return { bytes, name: lastSegment(url) };
    }
  } catch (error) {
    if (error instanceof RemoteFetchError) throw error;
    // The lookup's refusal arrives wrapped in the request's error path as itself; anything else is the network's.
    if (error instanceof Error && error.cause instanceof RemoteFetchError) throw error.cause;
    throw new RemoteFetchError("unreachable", error instanceof Error ? error.message : "The address could not be fetched");
  }
}
