import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmedUser, setUserPassword } from "#server/auth/accounts.server.ts";
import { grantAdminRole, promoteOwner, removeAdminRole, type RoleChangeBy } from "#server/admin/users-admin.server.ts";
import { isAdmin } from "#server/auth/roles.server.ts";
import { PASSWORD_HASH_COST } from "#server/auth/password.server.ts";
import { accounts, mailOutbox, sessions, users } from "#server/db/schema.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { cookieHeader, createTestAuth, lastMailTo, linkIn } from "#tests/support/auth.ts";
import { openTestDatabase } from "#tests/support/database.ts";

let handle: DatabaseHandle;
let auth: ReturnType<typeof createTestAuth>;
const headers = () => new Headers({ "x-phrasewise-client-ip": "203.0.113.9" });

beforeAll(async () => {
  handle = await openTestDatabase();
  auth = createTestAuth(handle.db, { ownerEmail: "owner@example.com" });
});
afterAll(() => handle.close());

async function signIn(email: string, password: string) {
  return auth.api.signInEmail({ body: { email, password }, headers: headers(), returnHeaders: true });
}

describe("accounts with email and password", () => {
  it("registers without signing in, mails a confirmation link, and refuses sign-in until it is followed", async () => {
    const result = await auth.api.signUpEmail({ body: { name: "ana", email: "Ana@Example.com", password: "secret1" }, headers: headers() });
    expect(result.token).toBeNull();
    const [row] = await handle.db.select().from(users).where(eq(users.email, "ana@example.com"));
    expect(row?.emailVerified).toBe(false);
    const mail = await lastMailTo(auth, handle.db, "ana@example.com");
    expect(mail?.subject).toBe("Confirm your email for Phrasewise");
    const link = linkIn(mail!.text);
    expect(link.pathname).toBe("/auth/verify-email");

    await expect(signIn("ana@example.com", "secret1")).rejects.toMatchObject({ statusCode: 403, body: { code: "EMAIL_NOT_VERIFIED" } });

    await auth.api.verifyEmail({ query: { token: link.searchParams.get("token")! } });
    const signedIn = await signIn("ana@example.com", "secret1");
    expect(signedIn.response.user.email).toBe("ana@example.com");
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith("phrasewise.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const session = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader(signedIn.headers) }) });
    expect(session?.user.email).toBe("ana@example.com");
    // Absolute lifetime: 7 days from sign-in.
    const lifetime = session!.session.expiresAt.getTime() - session!.session.createdAt.getTime();
    expect(Math.round(lifetime / 3_600_000)).toBe(7 * 24);
  });

  it("stores argon2id hashes at the configured cost, never the password", async () => {
    const [row] = await handle.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, "ana@example.com"));
    expect(row?.password).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${PASSWORD_HASH_COST.memoryKiB},t=${PASSWORD_HASH_COST.passes},p=1\\$`),
    );
    expect(PASSWORD_HASH_COST.memoryKiB).toBeGreaterThanOrEqual(19 * 1024);
  });

  it("answers a registration for an existing address like a new one, and tells the owner by mail instead", async () => {
    const before = await handle.db.$count(users);
    const result = await auth.api.signUpEmail({ body: { name: "x", email: "ana@example.com", password: "another1" }, headers: headers() });
    expect(result.token).toBeNull();
    expect(result.user.email).toBe("ana@example.com");
    expect(await handle.db.$count(users)).toBe(before);
    expect((await lastMailTo(auth, handle.db, "ana@example.com"))?.subject).toBe("Your Phrasewise account");
  });

  it("answers a reset request the same for unknown addresses, and a reset ends every session", async () => {
    const mailsBefore = await handle.db.$count(mailOutbox);
    const unknown = await auth.api.requestPasswordReset({ body: { email: "nobody@example.com" }, headers: headers() });
    await auth.flushMail();
    expect(await handle.db.$count(mailOutbox)).toBe(mailsBefore);
    const known = await auth.api.requestPasswordReset({ body: { email: "ana@example.com" }, headers: headers() });
    expect(known).toEqual(unknown);

    const mail = await lastMailTo(auth, handle.db, "ana@example.com");
    expect(mail?.subject).toBe("Reset your Phrasewise password");
    const link = linkIn(mail!.text);
    expect(link.pathname).toBe("/auth/reset-password");

    const userId = (await handle.db.select({ id: users.id }).from(users).where(eq(users.email, "ana@example.com")))[0]!.id;
    expect(await handle.db.$count(sessions, eq(sessions.userId, userId))).toBeGreaterThan(0);
    await auth.api.resetPassword({ body: { token: link.searchParams.get("token")!, newPassword: "newsecret" }, headers: headers() });
    expect(await handle.db.$count(sessions, eq(sessions.userId, userId))).toBe(0);
    await expect(signIn("ana@example.com", "secret1")).rejects.toMatchObject({ statusCode: 401 });
    expect((await signIn("ana@example.com", "newsecret")).response.user.email).toBe("ana@example.com");
  });
});

describe("in development", () => {
  it("also writes the confirmation and reset links to the log", async () => {
    const lines: string[] = [];
    const logger = { debug() {}, info: (m: string) => lines.push(m), warn() {}, error() {} };
    const devAuth = createTestAuth(handle.db, { nodeEnv: "development", logger });
    await devAuth.api.signUpEmail({ body: { name: "dev", email: "dev@example.com", password: "devpass1" }, headers: headers() });
    expect(lines).toContainEqual(expect.stringMatching(/^Email confirmation link for dev@example\.com: http:\/\/127\.0\.0\.1:3999\/auth\/verify-email\?token=/));
    await handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, "dev@example.com"));
    await devAuth.api.requestPasswordReset({ body: { email: "dev@example.com" }, headers: headers() });
    expect(lines).toContainEqual(expect.stringMatching(/^Password reset link for dev@example\.com: http:\/\/127\.0\.0\.1:3999\/auth\/reset-password\?token=/));
  });
});

const cli: RoleChangeBy = { actor: null, via: "cli" };

describe("roles", () => {
  it("promotes only the confirmed owner address, once", async () => {
    const owner = await createConfirmedUser(auth, handle.db, { email: "owner@example.com", password: "ownerpass" });
    expect(await promoteOwner(handle.db, "owner@example.com", { ...owner, emailVerified: false })).toBe(false);
    expect(await isAdmin(handle.db, owner.id)).toBe(false);
    expect(await promoteOwner(handle.db, "owner@example.com", { ...owner, emailVerified: true })).toBe(true);
    expect(await promoteOwner(handle.db, "owner@example.com", { ...owner, emailVerified: true })).toBe(false);
    expect(await isAdmin(handle.db, owner.id)).toBe(true);
    const other = await createConfirmedUser(auth, handle.db, { email: "other@example.com", password: "otherpass" });
    expect(await promoteOwner(handle.db, "owner@example.com", { ...other, emailVerified: true })).toBe(false);
    expect(await promoteOwner(handle.db, undefined, { ...other, emailVerified: true })).toBe(false);
  });

  it("grants and revokes the admin role", async () => {
    const user = await createConfirmedUser(auth, handle.db, { email: "grant@example.com", password: "grantpass" });
    expect(await grantAdminRole(handle.db, user, cli)).toBe(true);
    expect(await grantAdminRole(handle.db, user, cli)).toBe(false);
    expect(await isAdmin(handle.db, user.id)).toBe(true);
    expect(await removeAdminRole(handle.db, user, cli)).toBe(true);
    expect(await removeAdminRole(handle.db, user, cli)).toBe(false);
    expect(await isAdmin(handle.db, user.id)).toBe(false);
  });

  it("the library's sign-in endpoint promotes the owner too", async () => {
    const response = await auth.handler(
      new Request("http://127.0.0.1:3999/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://127.0.0.1:3999" },
        body: JSON.stringify({ email: "owner@example.com", password: "ownerpass" }),
      }),
    );
    expect(response.status).toBe(200);
    const [owner] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
    // Another admin first: the last one's role cannot be removed.
    await createConfirmedUser(auth, handle.db, { email: "keeper@example.com", password: "keeperpass", admin: true });
    await removeAdminRole(handle.db, owner!, cli);
    const again = await auth.handler(
      new Request("http://127.0.0.1:3999/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://127.0.0.1:3999" },
        body: JSON.stringify({ email: "owner@example.com", password: "ownerpass" }),
      }),
    );
    expect(again.status).toBe(200);
    expect(await isAdmin(handle.db, owner!.id)).toBe(true);
  });

  it("setUserPassword changes the password and ends the sessions", async () => {
    const signedIn = await signIn("grant@example.com", "grantpass");
    const cookie = cookieHeader(signedIn.headers);
    await setUserPassword(auth, handle.db, "grant@example.com", "changed1");
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    expect((await signIn("grant@example.com", "changed1")).response.user.email).toBe("grant@example.com");
  });
});
