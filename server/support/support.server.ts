import { eq } from "drizzle-orm";
import { supportSchema, type SupportInput } from "#app/lib/support-schema.ts";
import type { Executor } from "#server/db/client.server.ts";
import { supportMessages } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.server.ts";
import { singleLine, type Mailer } from "#server/mail/mailer.server.ts";
import { clientAddressKey, consumeRateLimit } from "#server/rate-limit/rate-limit.server.ts";

export interface SupportDeps {
  db: Executor;
  mailer: Mailer;
  logger: Logger;
  /** Where support messages go (env SUPPORT_EMAIL). */
  supportEmail: string;
  siteName: string;
}

/** Per client address: enough for a real conversation, too few to flood the support inbox. */
export const SUPPORT_RATE_LIMIT = { bucket: "support", limit: 5, windowMs: 10 * 60 * 1000 } as const;

export type SupportResult =
  | { status: "sent"; id: string }
  | { status: "invalid"; fieldErrors: Partial<Record<keyof SupportInput, string[]>> }
  | { status: "rate-limited"; retryAfterSeconds: number }
  /** Stored (mail_status 'failed'), but the mail did not go out. */
  | { status: "mail-failed"; id: string };

/**
 * Validates a support message, limits how many one client may send, stores it, then mails it to the support
 * address with Reply-To set to the sender. The message is stored before the mail is tried, so a mail failure loses
 * nothing: the row stays with mail_status 'failed'. Database errors are thrown.
 */
export async function submitSupportMessage(deps: SupportDeps, input: unknown, clientIp: string): Promise<SupportResult> {
  const parsed = supportSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<keyof SupportInput, string[]>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof SupportInput;
      (fieldErrors[field] ??= []).push(issue.message);
    }
    return { status: "invalid", fieldErrors };
  }
  const message = parsed.data;

  const limit = await consumeRateLimit(deps.db, { ...SUPPORT_RATE_LIMIT, key: clientAddressKey(clientIp) });
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  const [row] = await deps.db
    .insert(supportMessages)
    .values({ name: message.name, email: message.email, message: message.message, mailStatus: "pending" })
    .returning({ id: supportMessages.id, createdAt: supportMessages.createdAt });
  if (!row) throw new Error("Storing the support message returned no row");

  let status: "sent" | "failed" = "sent";
  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      replyTo: message.email,
      subject: `[${deps.siteName} support] Message from ${singleLine(message.name)}`,
      text: supportMailText(deps.siteName, message, row),
    });
  } catch (error) {
    status = "failed";
    deps.logger.warn(`Mailing support message ${row.id} to ${deps.supportEmail} failed; it is kept as 'failed'`, error);
  }
  await deps.db.update(supportMessages).set({ mailStatus: status }).where(eq(supportMessages.id, row.id));
  return status === "sent" ? { status: "sent", id: row.id } : { status: "mail-failed", id: row.id };
}

function supportMailText(siteName: string, message: SupportInput, row: { id: string; createdAt: Date }) {
  return [
    `New support message from the ${siteName} website. Reply to this mail to answer ${singleLine(message.name)}.`,
    "",
    `Name: ${singleLine(message.name)}`,
    `Email: ${message.email}`,
    `Received: ${row.createdAt.toISOString()}`,
    `Reference: ${row.id}`,
    "",
    message.message,
    "",
  ].join("\n");
}
