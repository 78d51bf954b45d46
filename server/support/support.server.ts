import { and, asc, eq, lt, notInArray, or, sql } from "drizzle-orm";
import { supportSchema, type SupportInput } from "#common/support-schema.ts";
import type { Executor } from "#server/db/client.server.ts";
import { supportMessages } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.server.ts";
import type { Runtime } from "#server/runtime.server.ts";
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

/** The runtime's database, mailer and settings, as the support service needs them. */
export function supportDeps(runtime: Runtime): SupportDeps {
  return {
    db: runtime.database.db,
    mailer: runtime.mailer,
    logger: runtime.logger,
    supportEmail: runtime.env.SUPPORT_EMAIL,
    siteName: runtime.env.SITE_NAME,
  };
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
    .returning();
  if (!row) throw new Error("Storing the support message returned no row");

  const status = await mailSupportMessage(deps, row);
  return status === "sent" ? { status: "sent", id: row.id } : { status: "mail-failed", id: row.id };
}

/** A pending message whose mail attempt started this long ago was cut off (a crash or a restart mid-send). */
export const STUCK_SUPPORT_MAIL_MS = 60 * 60 * 1000;
/** A message the mail server keeps refusing is left `failed` after this many attempts, for a person to look at. */
export const MAX_SUPPORT_MAIL_ATTEMPTS = 5;

/**
 * Mails again every support message whose mail failed, and every one left pending by an attempt that never
 * finished (started over an hour ago), oldest first, up to MAX_SUPPORT_MAIL_ATTEMPTS attempts each. Each message
 * is claimed with one conditional update before it is mailed, so overlapping runs (the CLI, or the retry timer of
 * several servers) never mail the same message twice. A run tries each message once; one that fails again stays
 * `failed` for the next run. Returns how many went out and how many failed.
 */
export async function resendSupportMessages(deps: SupportDeps): Promise<{ sent: number; failed: number }> {
  const runStartedAt = new Date();
  const stuckBefore = new Date(runStartedAt.getTime() - STUCK_SUPPORT_MAIL_MS);
  const tried: string[] = [];
  const result = { sent: 0, failed: 0 };
  for (;;) {
    const due = and(
      lt(supportMessages.mailAttempts, MAX_SUPPORT_MAIL_ATTEMPTS),
      lt(supportMessages.mailAttemptedAt, runStartedAt),
      or(
        eq(supportMessages.mailStatus, "failed"),
        and(eq(supportMessages.mailStatus, "pending"), lt(supportMessages.mailAttemptedAt, stuckBefore)),
      ),
      // Once per run, even if the clock steps back while it runs.
      tried.length > 0 ? notInArray(supportMessages.id, tried) : undefined,
    );
    const next = deps.db
      .select({ id: supportMessages.id })
      .from(supportMessages)
      .where(due)
      .orderBy(asc(supportMessages.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    // A scalar subquery: `id IN (…)` may be re-evaluated by the planner and claim a second row.
    const [row] = await deps.db
      .update(supportMessages)
      .set({ mailStatus: "pending", mailAttemptedAt: new Date(), mailAttempts: sql`${supportMessages.mailAttempts} + 1` })
      .where(and(sql`${supportMessages.id} = (${next})`, due))
      .returning();
    if (!row) return result;
    tried.push(row.id);
    result[await mailSupportMessage(deps, row)]++;
  }
}

/** Mails one stored message to the support address and records the outcome on its row. */
async function mailSupportMessage(
  deps: SupportDeps,
  row: StoredSupportMessage,
): Promise<"sent" | "failed"> {
  let status: "sent" | "failed" = "sent";
  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      replyTo: row.email,
      subject: `[${deps.siteName} support] Message from ${singleLine(row.name)}`,
      text: supportMailText(deps.siteName, row),
    });
  } catch (error) {
    status = "failed";
    deps.logger.warn(`Mailing support message ${row.id} to ${deps.supportEmail} failed; it is kept as 'failed'`, error);
  }
  await deps.db.update(supportMessages).set({ mailStatus: status }).where(eq(supportMessages.id, row.id));
  return status;
}

type StoredSupportMessage = SupportInput & { id: string; createdAt: Date };

function supportMailText(siteName: string, message: StoredSupportMessage) {
  return [
    `New support message from the ${siteName} website. Reply to this mail to answer ${singleLine(message.name)}.`,
    "",
    `Name: ${singleLine(message.name)}`,
    `Email: ${message.email}`,
    `Received: ${message.createdAt.toISOString()}`,
    `Reference: ${message.id}`,
    "",
    message.message,
    "",
  ].join("\n");
}
