import { betterAuth } from "better-auth";
import { bearer } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { isAPIError } from "better-auth/api";
import type { Database } from "#server/db/client.server.ts";
import { accounts, sessions, users, verifications } from "#server/db/schema.ts";
import type { Env } from "#server/env.server.ts";
import type { Logger } from "#server/logger.server.ts";
import type { Mailer } from "#server/mail/mailer.server.ts";
import { createOutboxMailer } from "#server/mail/outbox-mailer.server.ts";
import { createAccountMail } from "#server/auth/account-mail.server.ts";
import { checkAccountFields, createAuthHooks } from "#server/auth/auth-hooks.server.ts";
import { alreadyRegisteredMail, confirmationMail, passwordResetMail } from "#server/auth/auth-mail.server.ts";
import { hashPassword, verifyPassword } from "#server/auth/password.server.ts";

/**
 * Accounts with better-auth: email and password, confirmed by mail before the first sign-in. Its defaults are
 * tightened (see docs/decisions/004-auth.md): argon2id at OWASP cost, an absolute session lifetime, password resets
 * that end every session, no automatic sign-in, secure cookies behind HTTPS, no telemetry. Its own rate limiter is off:
 * server/auth/auth-limits.server.ts counts attempts in the database for its routes and ours alike. Account mails leave
 * in the background (account-mail.server.ts), and auth-hooks.server.ts adds our rules to its endpoints.
 */

/** The session cookie is `phrasewise.session_token` (`__Secure-phrasewise.session_token` over HTTPS). */
export const AUTH_COOKIE_PREFIX = "phrasewise";

/** The session cookie's name, as the library names it for this PUBLIC_URL. */
export function sessionCookieName(publicUrl: string) {
  return `${publicUrl.startsWith("https://") ? "__Secure-" : ""}${AUTH_COOKIE_PREFIX}.session_token`;
}
export const AUTH_BASE_PATH = "/api/auth";
/**
 * Set by server/app.ts on every request to the client address it trusts (socket peer, or X-Forwarded-For's client
 * only with TRUST_PROXY), replacing whatever the client sent. The library reads the client address from it.
 */
export const CLIENT_IP_HEADER = "x-phrasewise-client-ip";

/** Absolute: a session ends this long after sign-in however active it is (no sliding refresh). */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
const CONFIRMATION_LINK_SECONDS = 24 * 60 * 60;
const RESET_LINK_SECONDS = 60 * 60;

export interface AuthDeps {
  db: Database;
  env: Pick<Env, "PUBLIC_URL" | "SITE_NAME" | "NODE_ENV" | "OWNER_EMAIL" | "MAIL_FROM"> & Partial<Pick<Env, "APP_ORIGINS">>;
  mailer: Mailer;
  logger: Logger;
  secret: string;
}

export function confirmationLink(publicUrl: string, token: string) {
  return `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
}

export function resetLink(publicUrl: string, token: string) {
  return `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

export function createAuth({ db, env, mailer, logger, secret }: AuthDeps) {
  // The library also turns telemetry on when this variable says so, whatever the options below say.
  process.env.BETTER_AUTH_TELEMETRY = "0";
  const secure = env.PUBLIC_URL.startsWith("https://");
  const development = env.NODE_ENV === "development";
  const mail = createAccountMail({ mailer, outbox: createOutboxMailer(db, { from: env.MAIL_FROM, logger }), logger });

  const auth = betterAuth({
    appName: env.SITE_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [env.PUBLIC_URL, ...(env.APP_ORIGINS ?? [])],
    // Apps send `Authorization: Bearer <signed session token>` (what /api/v1/auth/sign-in returns) to the library's
    // own endpoints too; an unsigned token is refused, so a leaked database row is not a credential.
    plugins: [bearer({ requireSignature: true })],
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log(level, message, ...args) {
        const detail = args[0];
        if (level === "error") logger.error(`[auth] ${message}`, detail);
        // Its warnings are mostly failed sign-ins ("Invalid password"): routine, not a fault of the server.
        else if (level === "warn" || level === "info") logger.info(`[auth] ${message}`);
        else logger.debug(`[auth] ${message}`);
      },
    },
    // Errors its HTTP handler catches, such as our hooks' refusals (400, 429): answers, not faults of the server.
    onAPIError: {
      onError(error) {
        if (isAPIError(error) && error.statusCode < 500) logger.debug(`[auth] ${error.statusCode} ${error.message}`);
        else logger.error("[auth] A request failed", error);
      },
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      async sendResetPassword({ user, token }) {
        const link = resetLink(env.PUBLIC_URL, token);
        if (development) logger.info(`Password reset link for ${user.email}: ${link}`);
        mail.send(passwordResetMail(env.SITE_NAME, user.email, link));
      },
      // Registering an address that has an account answers exactly like a new one; its owner gets a note instead.
      async onExistingUserSignUp({ user }) {
        mail.send(
          alreadyRegisteredMail(env.SITE_NAME, user.email, `${env.PUBLIC_URL}/auth`, `${env.PUBLIC_URL}/auth/forgot-password`),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A correct password on an unconfirmed account sends a fresh link (the first may have expired or been lost).
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRMATION_LINK_SECONDS,
      async sendVerificationEmail({ user, token }) {
        const link = confirmationLink(env.PUBLIC_URL, token);
        if (development) logger.info(`Email confirmation link for ${user.email}: ${link}`);
        mail.send(confirmationMail(env.SITE_NAME, user.email, link));
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      disableSessionRefresh: true,
      // Every request reads the session row, so a sign-out, reset or revocation applies at once on every server.
      cookieCache: { enabled: false },
    },
    user: { changeEmail: { enabled: false }, deleteUser: { enabled: false } },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Kept on in tests too (the library turns it off under NODE_ENV=test by default).
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    databaseHooks: {
      // Whatever endpoint writes a user row (also the CLI, through the library's adapter): the same field rules.
      user: {
        create: {
          async before(user) {
            checkAccountFields(user);
          },
        },
        update: {
          async before(user) {
            checkAccountFields(user);
          },
        },
      },
      session: {
        create: {
          // Defence in depth: whatever path asks for it, an unconfirmed account never gets a session.
          async before(session) {
            const [user] = await db
              .select({ emailVerified: users.emailVerified })
              .from(users)
              .where(eq(users.id, session.userId))
              .limit(1);
            return user?.emailVerified === true;
          },
        },
      },
    },
    hooks: createAuthHooks({ db, ownerEmail: env.OWNER_EMAIL }),
  });
  return Object.assign(auth, { flushMail: mail.flush });
}

export type Auth = ReturnType<typeof createAuth>;
