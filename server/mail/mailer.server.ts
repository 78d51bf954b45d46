/**
 * Outgoing mail. Chosen once at start (server/runtime.server.ts): SMTP when SMTP_URL is set, otherwise the outbox
 * table, so a fresh install needs no mail server and loses nothing.
 */
export interface MailMessage {
  /** One recipient address. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes, such as the visitor who wrote a support message. */
  replyTo?: string;
}

export interface Mailer {
  /** Resolves once the mail is accepted (by the SMTP server, or stored in the outbox); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

/** Subjects and log lines are single lines: a visitor's input must not start a new header or a fake log entry. */
export function singleLine(value: string) {
  return value.replace(/[\r\n\t\u2028\u2029]+/g, " ").trim();
}
