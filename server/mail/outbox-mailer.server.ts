import type { Executor } from "#server/db/client.server.ts";
import { mailOutbox } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.server.ts";
import { singleLine, type Mailer } from "#server/mail/mailer.server.ts";

/**
 * The mailer used when no SMTP server is configured: each mail becomes a row in mail_outbox (readable by an
 * operator, sendable later) and one log line.
 */
export function createOutboxMailer(db: Executor, { from, logger }: { from: string; logger: Logger }): Mailer {
  return {
    async send(message) {
      const subject = singleLine(message.subject);
      const [row] = await db
        .insert(mailOutbox)
        .values({
          from,
          to: message.to,
          subject,
          text: message.text,
          html: message.html ?? null,
          replyTo: message.replyTo ?? null,
        })
        .returning({ id: mailOutbox.id });
      logger.info(
        `Mail "${subject}" to ${singleLine(message.to)} kept in the mail_outbox table (id ${row?.id}): SMTP_URL is not set`,
      );
    },
  };
}
