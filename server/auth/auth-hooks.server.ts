import { APIError, createAuthMiddleware } from "better-auth/api";
import { accountFieldsSchema } from "#common/account-schema.ts";
import { consumeAccountSignIn, refundAccountSignIn, tooManyAttemptsText } from "#server/auth/auth-limits.server.ts";
import { promoteOwner } from "#server/admin/users-admin.server.ts";
import type { Executor } from "#server/db/client.server.ts";

/**
 * Rules the library applies on every door to its endpoints: its HTTP handler (/api/auth/*) and our forms' server-side
 * `auth.api.*` calls alike, since both run these hooks.
 */

type Body = Record<string, unknown> | undefined;

/** The account fields a request may write (name, image), checked with the same schema as the profile form. */
export function checkAccountFields(body: Body): Body {
  if (!body || typeof body !== "object") return body;
  const parsed = accountFieldsSchema.safeParse({ name: body.name, image: body.image });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid account details";
    throw new APIError("BAD_REQUEST", { code: "INVALID_ACCOUNT_FIELD", message });
  }
  return parsed.data.name === undefined ? body : { ...body, name: parsed.data.name };
}

export function createAuthHooks({ db, ownerEmail }: { db: Executor; ownerEmail: string | undefined }) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = ctx.body as Body;
      switch (ctx.path) {
        case "/sign-in/email": {
          // Per account, on top of the per-address limit the HTTP layer applies.
          if (typeof body?.email !== "string") return;
          const limit = await consumeAccountSignIn(db, body.email);
          if (!limit.allowed) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { code: "TOO_MANY_REQUESTS", message: tooManyAttemptsText(limit.retryAfterSeconds) },
              { "Retry-After": String(limit.retryAfterSeconds) },
            );
          }
          return;
        }
        // Checked before the library looks the address up, so an existing address gets the same answer as a new one.
        case "/sign-up/email":
        case "/update-user":
          return { context: { body: checkAccountFields(body) } };
        // A new password ends every other session, whatever the client asked for (as a reset does); the library then
        // issues this client a fresh session.
        case "/change-password":
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        default:
          return;
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== "/sign-in/email") return;
      const user = ctx.context.newSession?.user;
      if (!user) return;
      await refundAccountSignIn(db, user.email);
      // Sign-ins through the library's HTTP endpoint (our /auth form promotes the owner itself, to say so in a toast).
      if (ctx.request) await promoteOwner(db, ownerEmail, user);
    }),
  };
}
