import { eq } from "drizzle-orm";
import type { Request } from "express";
import { z } from "zod";
import { registerSchema, signInSchema } from "#common/account-schema.ts";
import { sessionCookieName } from "#server/auth/auth.server.ts";
import { verifiedSessionToken } from "#server/auth/session-token.server.ts";
import { listOwnSessions, revokeOwnSession } from "#server/auth/sessions.server.ts";
import { register, signIn, verifyEmail, type Failure } from "#server/auth/sign-in.server.ts";
import { sessions } from "#server/db/schema.ts";
import { endpoint } from "#server/api/endpoint.server.ts";
import { ApiProblem } from "#server/api/problem.server.ts";
import { accountSchema } from "#server/api/endpoints/account.server.ts";

/**
 * Accounts for apps, through the same service functions as the website's /auth forms: the same per-address rate
 * limits (counted in the database with the website's), the per-account lockout, the field rules, and confirmation
 * by mail before the first sign-in. An app gets a bearer token (the signed session token) instead of a cookie.
 */

const tag = "Accounts";

/** What sign-in needs of the request: the app's user agent, recorded with the session it starts. */
const asking = (req: Request) => ({ headers: new Headers(req.get("user-agent") ? { "user-agent": req.get("user-agent")! } : {}) });

function refusal(failure: Failure): ApiProblem {
  return new ApiProblem(failure.status, failure.message, failure.retryAfterSeconds ? { retryAfter: failure.retryAfterSeconds } : {});
}

const credentials = (schema: typeof signInSchema) =>
  schema.meta({ description: "An email address and password.", example: { email: "learner@example.com", password: "correct horse" } });

const signInAnswer = z
  .object({
    token: z.string().meta({ description: "Send it as `Authorization: Bearer <token>`. It ends at `expiresAt`, at sign-out, or when revoked." }),
    expiresAt: z.iso.datetime(),
    sessionId: z.string(),
    user: accountSchema,
  })
  .meta({ id: "SignedIn" });

export const signUpEndpoint = endpoint({
  method: "post",
  path: "/auth/sign-up",
  operationId: "signUp",
  summary: "Register",
  description:
    "Creates an account and mails a confirmation link; nobody is signed in. The answer is the same whether or not the " +
    "address already has an account (its owner gets a note instead).",
  tag,
  access: "public",
  body: credentials(registerSchema),
  bodyLimit: 4 * 1024,
  response: { status: 202, description: "Check your mail for the confirmation link.", schema: z.object({ message: z.string() }) },
  problems: [429],
  async handler({ runtime, req, body, clientIp }) {
    const outcome = await register(runtime, asking(req), clientIp, body);
    if (!outcome.ok) throw refusal(outcome);
    return { body: { message: "Please check your email to confirm your account." } };
  },
});

export const confirmEndpoint = endpoint({
  method: "post",
  path: "/auth/confirm",
  operationId: "confirmEmail",
  summary: "Confirm an email address",
  description: "The token from the confirmation mail's link (`token` in its query). Signs nobody in.",
  tag,
  access: "public",
  body: z.object({ token: z.string().min(1).max(2048) }),
  bodyLimit: 4 * 1024,
  response: { status: 204, description: "Confirmed: sign in now." },
  async handler({ runtime, body }) {
    if (!(await verifyEmail(runtime, body.token))) {
      throw new ApiProblem(400, "This confirmation link is invalid or has expired. Sign in with your email and password to get a new one.");
    }
    return {};
  },
});

export const signInEndpoint = endpoint({
  method: "post",
  path: "/auth/sign-in",
  operationId: "signIn",
  summary: "Sign in",
  description:
    "Returns a bearer token. An unconfirmed account is refused (403) and gets a fresh confirmation mail. The 4th " +
    "attempt within 10 s from one address, and any attempt after 10 failures on one account within 10 minutes, is 429.",
  tag,
  access: "public",
  body: credentials(signInSchema),
  bodyLimit: 4 * 1024,
  response: { status: 200, description: "Signed in.", schema: signInAnswer },
  problems: [401, 403, 429],
  async handler({ runtime, req, body, clientIp }) {
    const outcome = await signIn(runtime, asking(req), clientIp, body);
    if (!outcome.ok) throw refusal(outcome);
    const cookieName = sessionCookieName(runtime.env.PUBLIC_URL);
    const cookie = outcome.headers.getSetCookie().find((c) => c.startsWith(`${cookieName}=`));
    const signed = cookie ? decodeURIComponent(cookie.slice(cookieName.length + 1).split(";")[0]!) : "";
    const token = verifiedSessionToken(signed, runtime.authSecret);
    const [session] = token
      ? await runtime.database.db
          .select({ id: sessions.id, expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(eq(sessions.token, token))
          .limit(1)
      : [];
    if (!session) throw new Error("Sign-in succeeded without a session cookie");
    return {
      body: {
        token: signed,
        expiresAt: session.expiresAt.toISOString(),
        sessionId: session.id,
        user: { id: outcome.user.id, email: outcome.user.email, username: outcome.user.name, isAdmin: outcome.isAdmin },
      },
    };
  },
});

export const signOutEndpoint = endpoint({
  method: "post",
  path: "/auth/sign-out",
  operationId: "signOut",
  summary: "Sign out",
  description: "Ends the session of this token (or cookie) on every server at once.",
  tag,
  access: "learner",
  response: { status: 204, description: "Signed out." },
  async handler({ runtime, caller }) {
    await revokeOwnSession(runtime.database.db, caller!.userId, caller!.sessionId);
    return {};
  },
});

const sessionSchema = z
  .object({
    id: z.string(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    userAgent: z.string().nullable(),
    current: z.boolean().meta({ description: "The session making this request." }),
  })
  .meta({ id: "Session" });

export const listSessionsEndpoint = endpoint({
  method: "get",
  path: "/auth/sessions",
  operationId: "listSessions",
  summary: "My sessions",
  description: "Every device signed in to this account, newest first.",
  tag,
  access: "learner",
  response: { status: 200, description: "The caller's live sessions.", schema: z.object({ sessions: z.array(sessionSchema) }) },
  async handler({ runtime, caller }) {
    const rows = await listOwnSessions(runtime.database.db, caller!.userId);
    return {
      body: {
        sessions: rows.map((s) => ({
          id: s.id,
          createdAt: s.createdAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          userAgent: s.userAgent,
          current: s.id === caller!.sessionId,
        })),
      },
    };
  },
});

export const revokeSessionEndpoint = endpoint({
  method: "delete",
  path: "/auth/sessions/{sessionId}",
  operationId: "revokeSession",
  summary: "Sign a device out",
  description: "Ends one of the caller's sessions. Another user's session is not found (404), and stays.",
  tag,
  access: "learner",
  params: z.object({ sessionId: z.string().min(1).max(200) }),
  response: { status: 204, description: "That device is signed out." },
  problems: [404],
  async handler({ runtime, caller, params }) {
    if (!(await revokeOwnSession(runtime.database.db, caller!.userId, params.sessionId))) throw new ApiProblem(404, "No such session.");
    return {};
  },
});

export const accountEndpoints = [signUpEndpoint, confirmEndpoint, signInEndpoint, signOutEndpoint, listSessionsEndpoint, revokeSessionEndpoint];
