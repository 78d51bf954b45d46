/** The support form's limits and texts (SPEC §5, §8), shared by the page and the server. No zod here: see support-schema.ts. */

export const SUPPORT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

export const supportErrors = {
  name: "Name must be at least 2 characters.",
  nameTooLong: `Name must be at most ${SUPPORT_LIMITS.name} characters.`,
  email: "Please enter a valid email address.",
  message: "Message must be at least 10 characters.",
  messageTooLong: `Message must be at most ${SUPPORT_LIMITS.message} characters.`,
} as const;

/** Texts of SPEC §8 and §2 shown after a submission. */
export const supportResultText = {
  sent: "Message sent successfully! We'll get back to you soon.",
  mailFailed: "Failed to send your message. Please try again later.",
  unexpected: "An unexpected error occurred. Please try again later.",
  toastFailed: "Failed to send message. Please try again.",
} as const;

export function rateLimitedText(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many messages. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
