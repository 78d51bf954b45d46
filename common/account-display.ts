import { USERNAME_MAX } from "#common/account-limits.ts";

/** How a person is named in the UI. Kept apart from the form schemas so pages that only show a name load no zod. */

/** The name a user goes by: their username, else the part of the email before the at-sign (SPEC §2). */
export function displayName(username: string | null | undefined, email: string) {
  return username?.trim() || email.split("@")[0] || email;
}

export function initialOf(name: string) {
  return (name.trim()[0] ?? "?").toUpperCase();
}

/**
 * The name an account starts with (registration, the CLI): the part of the email before the at-sign, cut to the
 * username rules (usernameSchema), so a long address still gives a name every door accepts.
 */
export function defaultUsername(email: string): string {
  const local = email.trim().split("@")[0] ?? "";
  return local.replace(/\p{Cc}/gu, "").slice(0, USERNAME_MAX).trim();
}
