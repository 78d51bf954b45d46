import { desc, eq } from "drizzle-orm";
import { createAuth, type Auth } from "#server/auth/auth.server.ts";
import type { Database } from "#server/db/client.server.ts";
import { mailOutbox, users } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.server.ts";
import { createOutboxMailer } from "#server/mail/outbox-mailer.server.ts";
import { quietLogger } from "#tests/support/database.ts";

export const TEST_PUBLIC_URL = "http://127.0.0.1:3999";
export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";
const TEST_MAIL_FROM = "Phrasewise <no-reply@phrasewise.example>";

/** The real auth setup on a test database, with mail kept in its outbox table. */
export function createTestAuth(
  db: Database,
  options: { ownerEmail?: string; logger?: Logger; nodeEnv?: "test" | "development" } = {},
): Auth {
  const logger = options.logger ?? quietLogger;
  return createAuth({
    db,
    env: {
      PUBLIC_URL: TEST_PUBLIC_URL,
      SITE_NAME: "Phrasewise",
      NODE_ENV: options.nodeEnv ?? "test",
      OWNER_EMAIL: options.ownerEmail,
      MAIL_FROM: TEST_MAIL_FROM,
    },
    mailer: createOutboxMailer(db, { from: TEST_MAIL_FROM, logger }),
    logger,
    secret: TEST_SECRET,
  });
}

/** The newest mail to this address in the outbox, once the account mails already started have left. */
export async function lastMailTo(auth: Pick<Auth, "flushMail">, db: Database, to: string) {
  await auth.flushMail();
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}

/** The first link to this site in a mail's text. */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in mail: ${text}`);
  return new URL(match[0]);
}

/** The Cookie header a browser would send back for these Set-Cookie headers. */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export async function confirmEmail(db: Database, email: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email.toLowerCase()));
}
