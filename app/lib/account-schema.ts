import { z } from "#app/lib/zod.ts";
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from "#app/lib/account-limits.ts";

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

export const profileSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(2, "Username must be at least 2 characters")
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`),
});
