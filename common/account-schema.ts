import { z } from "#common/zod.ts";
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from "#common/account-limits.ts";

/** Account form schemas: the server validates with them always, the pages once a form is first focused. */

const email = z
  .string({ error: "Email is required" })
  .trim()
  .max(254, "Please enter a valid email address.")
  .pipe(z.email({ error: "Please enter a valid email address." }));

const password = z.string({ error: "Password is required" }).max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signInSchema = z.object({ email, password });

/** The register hint says at least 6 characters, and there is no client check (SPEC §5): the server says it. */
export const registerSchema = z.object({ email, password });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is invalid or has expired." }).min(1),
    password: password.min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    confirm: z.string({ error: "Please repeat the new password" }),
  })
  .refine((value) => value.password === value.confirm, { path: ["confirm"], message: "The passwords do not match" });

/**
 * A username, whichever door it comes through: the profile form, the auth API's `name` (sign-up, update-user) and
 * the CLI. One character is enough: the names the product derives from email addresses (defaultUsername) can be that
 * short. Control characters (line breaks, escapes) are refused: a name is shown in pages, mails and logs.
 */
export const usernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, "Username is required")
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^\P{Cc}*$/u, "Username must not contain control characters");

export const profileSchema = z.object({ username: usernameSchema });

/**
 * What the auth API may write to an account besides email and password. Nothing in the product sets a profile
 * image, so none is accepted (a `javascript:` address or a huge one could otherwise reach every page the user loads).
 */
export const accountFieldsSchema = z.object({
  name: usernameSchema.optional(),
  image: z.null({ error: "A profile image cannot be set" }).optional(),
});
