import fs from "node:fs";
import path from "node:path";
import { asc } from "drizzle-orm";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import type { Database } from "#server/db/client.server.ts";
import type { Topic } from "#server/events/event-bus.server.ts";
import {
  blogPosts,
  blogSlugRedirects,
  languages,
  learnerDays,
  learnerSettings,
  lessons,
  levels,
  phrases,
  profiles,
  reviewCards,
  reviewLog,
  changeLog,
  roleAuditLog,
  sessions,
  settings,
  userFavorites,
  userProgress,
  userRoles,
  users,
} from "#server/db/schema.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { cookiesFrom, form, type TestSite } from "#tests/support/app-server.ts";

/** A small open catalogue: /spanish/a1/greetings with two phrases (through a test site's runtime, or any other). */
export async function seedSmallCatalog({ runtime }: { runtime: Runtime }) {
  const db = runtime.database.db;
  await db.insert(languages).values({ id: "spanish", name: "Spanish" });
  await db.insert(levels).values({ languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 });
  await db.insert(lessons).values([
    { languageId: "spanish", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos", orderIndex: 0 },
    { languageId: "spanish", levelId: "a1", id: "numbers", title: "Numbers", translatedTitle: "Números", orderIndex: 1 },
  ]);
  const rows = await db
    .insert(phrases)
    .values([
      { languageId: "spanish", levelId: "a1", lessonId: "greetings", originalText: "Hola", translatedText: "Hello", audioUrl: "/storage/a.wav", position: 0 },
      { languageId: "spanish", levelId: "a1", lessonId: "greetings", originalText: "Adiós", translatedText: "Goodbye", audioUrl: "/storage/a.wav", position: 1 },
    ])
    .returning({ id: phrases.id });
  await runtime.events.publish("catalog");
  return { phraseIds: rows.map((r) => r.id) };
}

/**
 * Announces a content change and waits until it has arrived (over PostgreSQL it comes back through LISTEN/NOTIFY):
 * the caches subscribed before this handler, so they have been emptied when it resolves.
 */
export async function contentChanged(site: TestSite, topic: Topic) {
  const delivered = new Promise<void>((resolve) => {
    const stop = site.runtime.events.subscribe(topic, () => {
      stop();
      resolve();
    });
  });
  await site.runtime.events.publish(topic);
  await delivered;
}

/** Signs in through the /auth form, from its own client address (so the sign-in limit is per identity). */
export async function signInThroughForm(site: TestSite, email: string, password: string, ip: string) {
  const response = await site.request("/auth", { ...form({ intent: "sign-in", email, password }), ip });
  if (response.status !== 302) throw new Error(`Signing in ${email} answered ${response.status}`);
  return cookiesFrom(response).replace(/(?:^|;\s*)phrasewise\.flash=[^;]*/, "").replace(/^;\s*/, "");
}

export async function confirmedUser(site: TestSite, email: string, password: string, admin = false) {
  return createConfirmedUser(site.runtime.auth, site.runtime.database.db, { email, password, admin });
}

/** The two people of an admin-area test site, confirmed and signed in, each a client of its own: their cookies. */
export async function signedInAdminAndLearner(site: TestSite) {
  await confirmedUser(site, "admin@example.com", "adminpass1", true);
  await confirmedUser(site, "learner@example.com", "learnerpass1");
  return {
    admin: await signInThroughForm(site, "admin@example.com", "adminpass1", "198.51.100.7"),
    learner: await signInThroughForm(site, "learner@example.com", "learnerpass1", "198.51.100.8"),
  };
}

/**
 * Every row a learner or admin request could change, in a stable order: equal snapshots mean nothing changed. Add a
 * new table's rows here when a feature writes to it.
 */
export async function snapshot(db: Database) {
  const [u, p, prog, fav, roles, sess, content, roleAudit, review, changes] = await Promise.all([
    db.select({ id: users.id, name: users.name, verified: users.emailVerified }).from(users).orderBy(asc(users.id)),
    db.select({ id: profiles.id, username: profiles.username }).from(profiles).orderBy(asc(profiles.id)),
    db.select().from(userProgress).orderBy(asc(userProgress.userId), asc(userProgress.lessonId)),
    db.select({ id: userFavorites.id, userId: userFavorites.userId, phraseId: userFavorites.phraseId }).from(userFavorites).orderBy(asc(userFavorites.id)),
    db.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).orderBy(asc(userRoles.userId)),
    db.select({ id: sessions.id }).from(sessions).orderBy(asc(sessions.id)),
    contentSnapshot(db),
    db.select({ id: roleAuditLog.id }).from(roleAuditLog).orderBy(asc(roleAuditLog.id)),
    reviewSnapshot(db),
    db.select({ id: changeLog.id }).from(changeLog).orderBy(asc(changeLog.id)),
  ]);
  return JSON.stringify({ u, p, prog: prog.map(({ updatedAt: _u, ...r }) => r), fav, roles, sess, content, roleAudit, review, changes });
}

/** The review state (issue 24): settings, cards, the log and the learner days, whole. */
export async function reviewSnapshot(db: Database) {
  const [settingsRows, cards, log, days] = await Promise.all([
    db.select().from(learnerSettings).orderBy(asc(learnerSettings.userId)),
    db.select().from(reviewCards).orderBy(asc(reviewCards.userId), asc(reviewCards.phraseId)),
    db.select().from(reviewLog).orderBy(asc(reviewLog.id)),
    db.select().from(learnerDays).orderBy(asc(learnerDays.userId), asc(learnerDays.day)),
  ]);
  return { settings: settingsRows, cards, log, days };
}

/** The catalogue, the blog and the settings, whole. */
async function contentSnapshot(db: Database) {
  const [lang, lvl, les, phr, posts, sett, slugRedirects] = await Promise.all([
    db.select().from(languages).orderBy(asc(languages.id)),
    db.select().from(levels).orderBy(asc(levels.languageId), asc(levels.id)),
    db.select().from(lessons).orderBy(asc(lessons.languageId), asc(lessons.levelId), asc(lessons.id)),
    db.select().from(phrases).orderBy(asc(phrases.id)),
    db.select().from(blogPosts).orderBy(asc(blogPosts.id)),
    db.select().from(settings),
    db.select().from(blogSlugRedirects).orderBy(asc(blogSlugRedirects.slug)),
  ]);
  return { lang, lvl, les, phr, posts, sett, slugRedirects };
}

/** Every file in a test site's local storage (relative paths, sorted): equal lists mean no file was stored or removed. */
export function storedFiles(site: TestSite): string[] {
  const root = path.join(site.runtime.env.DATA_DIR, "storage");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The toasts a response's flash cookie carries. */
export function flashTitles(response: Response): string[] {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("phrasewise.flash="));
  if (!cookie) return [];
  const payload = cookie.slice("phrasewise.flash=".length).split(";")[0]!.split(".")[0]!;
  if (!payload) return [];
  return (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { title: string }[]).map((m) => m.title);
}
