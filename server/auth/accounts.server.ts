import { z } from "zod";
import { defaultUsername } from "#common/account-display.ts";
import { usernameSchema } from "#common/account-schema.ts";
import type { Auth } from "#server/auth/auth.server.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#server/auth/auth.server.ts";
import { grantAdminRole } from "#server/admin/users-admin.server.ts";
import { findUserByEmail } from "#server/auth/roles.server.ts";
import type { Executor } from "#server/db/client.server.ts";

/** Operator-side account changes (the CLI), through the library's own adapter so rows look like any other sign-up. */

export class AccountError extends Error {
  override name = "AccountError";
}

const emailSchema = z.email();

export function checkEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!emailSchema.safeParse(normalized).success) throw new AccountError(`"${email}" is not an email address`);
  return normalized;
}

/** The same username rules as the profile form and the auth API. */
export function checkUsername(name: string): string {
  const parsed = usernameSchema.safeParse(name);
  if (!parsed.success) throw new AccountError(parsed.error.issues[0]?.message ?? "Invalid username");
  return parsed.data;
}

export function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) throw new AccountError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new AccountError(`The password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  return password;
}

/** A confirmed account that can sign in at once, optionally an administrator. */
export async function createConfirmedUser(
  auth: Auth,
  db: Executor,
  input: { email: string; password: string; name?: string; admin?: boolean },
): Promise<{ id: string; email: string }> {
  const email = checkEmail(input.email);
  const password = checkPassword(input.password);
  const name = checkUsername(input.name ?? defaultUsername(email));
  if (await findUserByEmail(db, email)) throw new AccountError(`A user with the email ${email} already exists`);
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  const user = await ctx.internalAdapter.createUser({ email, name, emailVerified: true }, { method: "email-password" });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  if (input.admin) await grantAdminRole(db, user, { actor: null, via: "cli" });
  return { id: user.id, email };
}

export async function requireUserByEmail(db: Executor, email: string) {
  const user = await findUserByEmail(db, checkEmail(email));
  if (!user) throw new AccountError(`No user with the email ${email.trim().toLowerCase()}`);
  return user;
}

/** Sets a new password and ends every session of that user (as a reset does). */
export async function setUserPassword(auth: Auth, db: Executor, email: string, password: string) {
  const user = await requireUserByEmail(db, email);
  checkPassword(password);
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  const credential = (await ctx.internalAdapter.findAccounts(user.id)).find((a) => a.providerId === "credential");
  if (credential) await ctx.internalAdapter.updatePassword(user.id, hash);
  else await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  await ctx.internalAdapter.deleteUserSessions(user.id);
  return user;
}
