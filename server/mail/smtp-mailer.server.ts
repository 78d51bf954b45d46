import nodemailer from "nodemailer";
import { singleLine, type Mailer } from "#server/mail/mailer.server.ts";

export interface SmtpMailerOptions {
  /** smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps://… (TLS from the start). */
  url: string;
  from: string;
  /**
   * How long to wait for the server, in ms. A visitor waits for the send, so these are far below nodemailer's
   * defaults (2 min to connect, 10 min idle).
   */
  timeoutMs?: number;
}

/** Sends through an SMTP server with nodemailer. One connection per message: support mail is rare. */
export function createSmtpMailer({ url, from, timeoutMs = 15_000 }: SmtpMailerOptions): Mailer {
  // Settings in the URL (?connectionTimeout=…, ?tls.rejectUnauthorized=…) win over these.
  const transport = nodemailer.createTransport(
    { url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs * 2 },
    { from },
  );
  return {
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: singleLine(message.subject),
        text: message.text,
        ...(message.html !== undefined ? { html: message.html } : {}),
        ...(message.replyTo !== undefined ? { replyTo: message.replyTo } : {}),
      });
    },
  };
}
