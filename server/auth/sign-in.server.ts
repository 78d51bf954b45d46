import { isAPIError } from "better-auth/api";
import { defaultUsername } from "#common/account-display.ts";
import { CLIENT_IP_HEADER } from "#server/auth/auth.server.ts";
import { consumeAuthLimit, tooManyAttemptsText } from "#server/auth/auth-limits.server.ts";
import { promoteOwner } from "#server/admin/users-admin.server.ts";
import { isAdmin } from "#server/auth/roles.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/**
 * The /auth forms' server side: rate limit, then the library, then what the page needs to say. Each function returns
 * a result instead of throwing for anything a visitor can cause.
 */

export type Failure = { ok: false; status: number; message: string; retryAfterSeconds?: number };

/** Only the cookies of a library answer: they are all a redirect of ours should pass on. */
function cookiesOf(headers: Headers): Headers {
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

/** Headers for a server-side call into the library: the trusted client address and the browser, no cookies. */
/** What these functions read of the request: its headers (the browser's or the app's user agent, the cookie). */
type Asking = Pick<Request, "headers">;

function libraryHeaders(request: Asking, clientIp: string) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: clientIp });
  const agent = request.headers.get("user-agent");
  if (agent) headers.set("user-agent", agent);
  return headers;
}

function failure(error: unknown, fallback: string): Failure {
  if (isAPIError(error)) {
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "EMAIL_NOT_VERIFIED") {
      return { ok: false, status: 403, message: "Please confirm your email address first. We've sent you a new confirmation link." };
    }
    const retryAfter = Number(new Headers(error.headers).get("retry-after"));
    return {
      ok: false,
      status: error.statusCode,
      message: error.message || fallback,
      ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
    };
  }
  throw error;
}

async function limited(runtime: Runtime, kind: Parameters<typeof consumeAuthLimit>[1], clientIp: string): Promise<Failure | null> {
  const limit = await consumeAuthLimit(runtime.database.db, kind, clientIp);
  if (limit.allowed) return null;
  return { ok: false, status: 429, message: tooManyAttemptsText(limit.retryAfterSeconds), retryAfterSeconds: limit.retryAfterSeconds };
}

export async function signIn(
  runtime: Runtime,
  request: Asking,
  clientIp: string,
  input: { email: string; password: string },
): Promise<{ ok: true; headers: Headers; promoted: boolean; isAdmin: boolean; user: { id: string; email: string; name: string } } | Failure> {
  const refused = await limited(runtime, "sign-in", clientIp);
  if (refused) return refused;
  try {
    const { headers, response } = await runtime.auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: libraryHeaders(request, clientIp),
      returnHeaders: true,
    });
    const db = runtime.database.db;
    const promoted = await promoteOwner(db, runtime.env.OWNER_EMAIL, response.user);
    const { id, email, name } = response.user;
    return { ok: true, headers: cookiesOf(headers), promoted, isAdmin: promoted || (await isAdmin(db, id)), user: { id, email, name } };
  } catch (error) {
    return failure(error, "Invalid email or password");
  }
}

export async function register(
  runtime: Runtime,
  request: Asking,
  clientIp: string,
  input: { email: string; password: string },
): Promise<{ ok: true } | Failure> {
  const refused = await limited(runtime, "sign-up", clientIp);
  if (refused) return refused;
  try {
    const email = input.email.trim();
    await runtime.auth.api.signUpEmail({
      body: { name: defaultUsername(email), email, password: input.password },
      headers: libraryHeaders(request, clientIp),
    });
    return { ok: true };
  } catch (error) {
    return failure(error, "Registration failed");
  }
}

/** Answers the same whether or not the address has an account. */
export async function requestPasswordReset(
  runtime: Runtime,
  request: Asking,
  clientIp: string,
  email: string,
): Promise<{ ok: true } | Failure> {
  const refused = await limited(runtime, "password-reset", clientIp);
  if (refused) return refused;
  try {
    await runtime.auth.api.requestPasswordReset({ body: { email }, headers: libraryHeaders(request, clientIp) });
    return { ok: true };
  } catch (error) {
    return failure(error, "The reset link could not be sent");
  }
}

export async function resetPassword(
  runtime: Runtime,
  request: Asking,
  clientIp: string,
  input: { token: string; password: string },
): Promise<{ ok: true } | Failure> {
  const refused = await limited(runtime, "password-reset", clientIp);
  if (refused) return refused;
  try {
    await runtime.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: libraryHeaders(request, clientIp),
    });
    return { ok: true };
  } catch (error) {
    const result = failure(error, "This reset link is invalid or has expired.");
    return result.message === "Invalid token" || result.message === "invalid token"
      ? { ...result, message: "This reset link is invalid or has expired." }
      : result;
  }
}

export async function verifyEmail(runtime: Runtime, token: string): Promise<boolean> {
  try {
    await runtime.auth.api.verifyEmail({ query: { token } });
    return true;
  } catch (error) {
    if (isAPIError(error)) return false;
    throw error;
  }
}

/** Ends this session (its row and its cookie). */
export async function signOut(runtime: Runtime, request: Asking, clientIp: string): Promise<Headers> {
  const headers = libraryHeaders(request, clientIp);
  headers.set("cookie", request.headers.get("cookie") ?? "");
  return cookiesOf((await runtime.auth.api.signOut({ headers, returnHeaders: true })).headers);
}
