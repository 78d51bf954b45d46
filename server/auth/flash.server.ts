import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { redirect } from "react-router";
import type { ToastMessage } from "#common/toast.ts";

/**
 * Toasts that survive a redirect: a short-lived, HMAC-signed, HttpOnly cookie that the root loader reads once and
 * clears. A request whose flash cookie verifies is personal (server/auth/personal-request.server.ts), so a page
 * carrying a toast is never served from, or stored in, the shared cache.
 */
export const FLASH_COOKIE = "phrasewise.flash";
const MAX_AGE_SECONDS = 60;
const MAX_MESSAGES = 3;

function sign(secret: string, payload: string) {
  return createHmac("sha256", `flash:${secret}`).update(payload).digest("base64url");
}

function attributes(secure: boolean, maxAge: number) {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export interface FlashOptions {
  secret: string;
  /** PUBLIC_URL is https. */
  secure: boolean;
}

/** A toast as the cookie carries it: with an id of its own, the same for every read of that cookie. */
export type FlashMessage = ToastMessage & { id: string };

export function flashCookie(messages: ToastMessage[], { secret, secure }: FlashOptions): string {
  const flashes: FlashMessage[] = messages.slice(0, MAX_MESSAGES).map((message) => ({ ...message, id: randomBytes(9).toString("base64url") }));
  const payload = Buffer.from(JSON.stringify(flashes)).toString("base64url");
  return `${FLASH_COOKIE}=${payload}.${sign(secret, payload)}; ${attributes(secure, MAX_AGE_SECONDS)}`;
}

export function clearFlashCookie({ secure }: Pick<FlashOptions, "secure">): string {
  return `${FLASH_COOKIE}=; ${attributes(secure, 0)}`;
}

/** The raw value of one cookie in a Cookie header. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const isMessage = (value: unknown): value is FlashMessage => {
  if (!value || typeof value !== "object") return false;
  const m = value as Record<string, unknown>;
  return (
    (m.type === "success" || m.type === "error" || m.type === "info") &&
    typeof m.title === "string" &&
    typeof m.id === "string" &&
    (m.description === undefined || typeof m.description === "string")
  );
};

/** The payload of a flash cookie value whose signature verifies, else null. */
function verifiedPayload(value: string, secret: string): string | null {
  const [payload, signature] = value.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(secret, payload));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? payload : null;
}

/** Whether this Cookie header carries a flash cookie signed with our secret. */
export function hasVerifiedFlash(cookieHeader: string | null | undefined, { secret }: Pick<FlashOptions, "secret">): boolean {
  const value = cookieValue(cookieHeader, FLASH_COOKIE);
  return value !== undefined && verifiedPayload(value, secret) !== null;
}

/** The flash messages of this request (none when absent, tampered with or malformed). */
export function readFlash(request: Request, { secret }: Pick<FlashOptions, "secret">): { messages: FlashMessage[]; present: boolean } {
  const value = cookieValue(request.headers.get("Cookie"), FLASH_COOKIE);
  if (!value) return { messages: [], present: false };
  const payload = verifiedPayload(value, secret);
  if (!payload) return { messages: [], present: true };
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return { messages: Array.isArray(parsed) ? parsed.filter(isMessage).slice(0, MAX_MESSAGES) : [], present: true };
  } catch {
    return { messages: [], present: true };
  }
}

/** A redirect that shows these toasts on the page it leads to; extra headers (such as session cookies) are kept. */
export function redirectWithToast(
  url: string,
  messages: ToastMessage | ToastMessage[],
  options: FlashOptions,
  init: { headers?: Headers; status?: number } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(Array.isArray(messages) ? messages : [messages], options));
  return redirect(url, { status: init.status ?? 302, headers });
}
