import type { MailMessage } from "#server/mail/mailer.server.ts";

/** The account mails. Plain text: every mail client shows it, and links stay copyable. */

export function confirmationMail(siteName: string, to: string, link: string): MailMessage {
  return {
    to,
    subject: `Confirm your email for ${siteName}`,
    text: [
      `Welcome to ${siteName}!`,
      "",
      "Please confirm your email address by opening this link:",
      "",
      link,
      "",
      "The link works for 24 hours. If you did not register, ignore this mail: no account is activated without it.",
      "",
    ].join("\n"),
  };
}

export function alreadyRegisteredMail(siteName: string, to: string, signInLink: string, resetLink: string): MailMessage {
  return {
    to,
    subject: `Your ${siteName} account`,
    text: [
      `Someone (hopefully you) tried to register on ${siteName} with this email address, but it already has an account.`,
      "",
      `Sign in: ${signInLink}`,
      `Forgotten your password? ${resetLink}`,
      "",
      "If it was not you, ignore this mail: your account is unchanged.",
      "",
    ].join("\n"),
  };
}

export function passwordResetMail(siteName: string, to: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${siteName} password`,
    text: [
      `A new password was requested for your ${siteName} account. Choose one here:`,
      "",
      link,
      "",
      "The link works for one hour and only once. Setting a new password signs you out everywhere.",
      "If you did not ask for this, ignore this mail: your password is unchanged.",
      "",
    ].join("\n"),
  };
}
