import type { Logger } from "#server/logger.server.ts";
import { singleLine, type Mailer, type MailMessage } from "#server/mail/mailer.server.ts";

/**
 * The account mails (confirmation, reset, "already registered") leave in the background: an answer that waited for
 * the mail server would take longer exactly when the address has an account, and so tell who has one. A mail that
 * fails is logged and kept in the outbox table (as when no SMTP server is configured), where an operator can read it;
 * it never fails the request nor the process.
 */
export interface AccountMail {
  /** Starts sending; returns at once. */
  send(message: MailMessage): void;
  /** Resolves once every mail started so far was accepted, or kept after a failure (for a clean shutdown, and tests). */
  flush(): Promise<void>;
}

export function createAccountMail({ mailer, outbox, logger }: { mailer: Mailer; outbox: Mailer; logger: Logger }): AccountMail {
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage) {
    try {
      await mailer.send(message);
      return;
    } catch (error) {
      logger.error(`Mail "${singleLine(message.subject)}" to ${singleLine(message.to)} failed; keeping it in mail_outbox`, error);
    }
    try {
      await outbox.send(message);
    } catch (error) {
      logger.error(`Mail "${singleLine(message.subject)}" to ${singleLine(message.to)} could not be kept in mail_outbox either`, error);
    }
  }

  return {
    send(message) {
      const task = deliver(message).finally(() => pending.delete(task));
      pending.add(task);
    },
    async flush() {
      while (pending.size > 0) await Promise.allSettled(pending);
    },
  };
}
