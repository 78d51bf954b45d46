import { z } from "#common/zod.ts";
import { SUPPORT_LIMITS, supportErrors } from "#common/support-form.ts";

/** The support form's schema: the server validates with it always, the page once the form is first focused. */
export const supportSchema = z.object({
  // A missing field (Conform turns an empty one into undefined) gets the same message as a too-short one.
  name: z
    .string({ error: supportErrors.name })
    .trim()
    .min(2, supportErrors.name)
    .max(SUPPORT_LIMITS.name, supportErrors.nameTooLong),
  email: z
    .string({ error: supportErrors.email })
    .trim()
    .max(SUPPORT_LIMITS.email, supportErrors.email)
    .pipe(z.email({ error: supportErrors.email })),
  message: z
    .string({ error: supportErrors.message })
    .trim()
    .min(10, supportErrors.message)
    .max(SUPPORT_LIMITS.message, supportErrors.messageTooLong),
});

export type SupportInput = z.infer<typeof supportSchema>;
