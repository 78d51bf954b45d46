import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FAVICON } from "#common/settings.ts";
import { settingsText } from "#common/settings-forms.ts";
import { authText } from "#common/toast.ts";
import { goalText } from "#common/goal-settings.ts";
import { learnerSettings, phrases, reviewLog, userFavorites, userProgress, userRoles, profiles, sessions, languages, lessons, levels, blogPosts, settings as settingsTable } from "#server/db/schema.ts";
import { catalogToasts } from "#common/catalog-admin.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { confirmedUser, flashTitles, seedSmallCatalog, signInThroughForm, snapshot, storedFiles } from "#tests/support/site-fixtures.ts";
import { tinyPng } from "#tests/support/files.ts";
import { exportTo, rewriteArchive } from "#tests/support/catalog-archive-fixture.ts";

/**
 * Every route of app/routes.ts × each kind of caller → the expected answer, over real HTTP against the real route
 * modules. A refused request must change no row. The list of routes comes from the route config itself: a route,
 * loader or action without a row here fails the first test.
 */

type Who = "visitor" | "unconfirmed" | "user" | "other" | "admin";
const everyone: Who[] = ["visitor", "unconfirmed", "user", "other", "admin"];

interface Answer {
  status: number;
  location?: string;
  /** Flash toast titles the answer carries. */
  toasts?: string[];
}

interface Probe {
  name: string;
  method: "GET" | "POST";
  path: () => string;
  body?: (who: Who) => Record<string, string>;
  /** Send the body as JSON (the library's API) instead of a form. */
  json?: boolean;
  /** A body of its own (a multipart upload), instead of `body`. */
  send?: (who: Who) => RequestInit;
  expect: Record<Who, Answer>;
  /** For answers that may change rows: which ones, checked after the request (default: a refused request changes none). */
  check?: (who: Who) => Promise<void>;
}

type Row = { public: true; get?: string; status?: number } | { probes: Probe[] };

const all = (answer: Answer): Record<Who, Answer> => ({ visitor: answer, unconfirmed: answer, user: answer, other: answer, admin: answer });
const signedInOnly = (path: string, ok: Answer): Record<Who, Answer> => {
  const toAuth = { status: 302, location: path ? `/auth?redirectTo=${encodeURIComponent(path)}` : "/auth" };
  return { visitor: toAuth, unconfirmed: toAuth, user: ok, other: ok, admin: ok };
};
const adminOnly = (ok: Answer = { status: 200 }): Record<Who, Answer> => {
  const toAuth = { status: 302, location: "/auth", toasts: [authText.adminLoginRequired.title] };
  const toHome = { status: 302, location: "/", toasts: [authText.adminDenied.title] };
  return { visitor: toAuth, unconfirmed: toAuth, user: toHome, other: toHome, admin: ok };
};

/** A signed-in user is sent on from /auth (admins to /admin, others to /profile), also after posting to it. */
const signedInSentOn = {
  user: { status: 302, location: "/profile" },
  other: { status: 302, location: "/profile" },
  admin: { status: 302, location: "/admin" },
};

let site: TestSite;
const cookies = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;
let phraseIds: string[] = [];
let userFavoriteId = "";
/**
 * The rating the /review probes make and undo. By then everyone signed in saved Hola (the lesson probes) and the user
 * removed theirs (the profile probes): Hola is in the other learner's and the admin's decks, not in the user's.
 */
const matrixReviewId = "7d3c1a52-6f0e-4b7a-9d2e-1c5b8a4f3e21";

const adminPage = (path: string): { probes: Probe[] } => ({
  probes: [
    { name: `GET ${path}`, method: "GET", path: () => path, expect: adminOnly() },
    { name: `GET ${path}.data`, method: "GET", path: () => `${path}.data`, expect: adminOnlyData() },
  ],
});

/**
 * An admin catalogue tab: its page, and a probe per action intent (SPEC §2). Non-admins are redirected and change
 * no row; the admin's request does what it says, with the spec's toast. The probes run in order, on rows they create.
 */
function catalogAdminRow(path: string, writes: [string, Record<string, string>, string, () => Promise<void>][]): Row {
  return {
    probes: [
      ...(adminPage(path) as { probes: Probe[] }).probes,
      ...writes.map(([name, body, toast, check]) => ({
        name: `POST ${path}: ${name}`,
        method: "POST" as const,
        path: () => path,
        body: () => body,
        // A reorder naming only some of the level's lessons is refused (409) for admins too.
        expect: adminOnly(name === "reorder" ? { status: 409, toasts: [toast] } : { status: 200, toasts: [toast] }),
        check: async (who: Who) => {
          expect(who).toBe("admin");
          await check();
        },
      })),
    ],
  };
}

const catalogTables = { languages, levels, lessons } as const;
async function catalogRow(table: keyof typeof catalogTables, id: string) {
  const t = catalogTables[table];
  const [row] = await site.runtime.database.db.select().from(t).where(eq(t.id, id));
  return row;
}

/** Single fetch answers a redirect with 202 and the target in the body; the data itself only reaches admins. */
function adminOnlyData(): Record<Who, Answer> {
  const refused = { status: 202 };
  return { visitor: refused, unconfirmed: refused, user: refused, other: refused, admin: { status: 200 } };
}

/** An upload of a real PNG: refused for everyone but an admin, whose file is stored (and no row changes). */
const uploadProbe = (kind: string): Probe => ({
  name: `POST /admin/uploads/${kind}`,
  method: "POST",
  path: () => `/admin/uploads/${kind}`,
  send: () => {
    const body = new FormData();
    body.set("file", new File([tinyPng], "icon.png", { type: "image/png" }));
    return { method: "POST", body };
  },
  expect: { visitor: { status: 401 }, unconfirmed: { status: 401 }, user: { status: 403 }, other: { status: 403 }, admin: { status: 201 } },
  check: async () => expect(storedFiles(site).some((file) => file.startsWith("content/icons/level/"))).toBe(true),
});

/** The site's own export, and one whose row names a file the archive lacks, made once the site is up. */
const archives = { good: new Uint8Array(), missingFile: new Uint8Array() };

/** An archive upload: 401 signed out, 403 for non-admins, and nothing changed or stored for either. */
const catalogImportProbe = (intent: "dry-run" | "apply", archive: () => Uint8Array, admin: Answer): Probe => ({
  name: `POST /admin/catalog/import?intent=${intent} (a refused request changes nothing)`,
  method: "POST",
  path: () => `/admin/catalog/import?intent=${intent}`,
  send: () => {
    const body = new FormData();
    body.set("file", new File([archive() as Uint8Array<ArrayBuffer>], "catalog.tar", { type: "application/x-tar" }));
    return { method: "POST", body };
  },
  expect: { visitor: { status: 401 }, unconfirmed: { status: 401 }, user: { status: 403 }, other: { status: 403 }, admin },
  check: async () => undefined,
});

/** The generate loop's JSON API: signed-out callers get 401, signed-in non-admins 403, and neither stores a file. */
const backfillProbe = (name: string, body: unknown, check: () => Promise<void>): Probe => ({
  name: `POST /admin/audio-backfill: ${name}`,
  method: "POST",
  path: () => "/admin/audio-backfill",
  send: () => ({ method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  expect: { visitor: { status: 401 }, unconfirmed: { status: 401 }, user: { status: 403 }, other: { status: 403 }, admin: { status: 200 } },
  check,
});

/** Import phrases (multipart): 401 signed out, 403 for non-admins, and a refused import adds no row. */
const phraseImportProbe = (intent: "check" | "import", check: () => Promise<void>): Probe => ({
  name: `POST /admin/phrases/import: ${intent} (a refused request changes nothing)`,
  method: "POST",
  path: () => "/admin/phrases/import",
  send: () => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ intent, text: "Matrix import,Imported by the matrix", languageId: "spanish", levelId: "a1", lessonId: "greetings", audio: "each" })) {
      body.set(name, value);
    }
    return { method: "POST", body };
  },
  expect: { visitor: { status: 401 }, unconfirmed: { status: 401 }, user: { status: 403 }, other: { status: 403 }, admin: { status: 200 } },
  check,
});

/** The cue backfill's JSON API: like the audio backfill's, 401 signed out, 403 for non-admins, and no row changed. */
const cueBackfillProbe = (name: string, body: () => unknown, check: () => Promise<void>): Probe => ({
  name: `POST /admin/cue-backfill: ${name}`,
  method: "POST",
  path: () => "/admin/cue-backfill",
  send: () => ({ method: "POST", body: JSON.stringify(body()), headers: { "content-type": "application/json" } }),
  expect: { visitor: { status: 401 }, unconfirmed: { status: 401 }, user: { status: 403 }, other: { status: 403 }, admin: { status: 200 } },
  check,
});

/** The address of the level icon the upload probe stored (the discard probe's target). */
const discardedIcon = () => {
  const file = storedFiles(site).find((name) => name.startsWith("content/icons/level/"));
  if (!file) throw new Error("The upload probe stored no level icon");
  return `/storage/${file}`;
};

/** The phrase form as the Phrases tab posts it (one row, in the seeded lesson "numbers"). */
const matrixPhraseForm = {
  languageId: "spanish",
  levelId: "a1",
  lessonId: "numbers",
  audioUrl: "/storage/content/audio/matrix-numbers.mp3",
  originalText: "Tres",
  translatedText: "Three",
};

/** Each Settings intent, what an admin's request stores, and its toast (SPEC §8). */
const settingsActions: [string, Record<string, string>, string, keyof typeof settingsTable.$inferSelect, unknown][] = [
  ["save-app", { app_store_link: "https://apps.apple.com/app/id1", play_store_link: "" }, settingsText.appSaved.title, "appStoreLink", "https://apps.apple.com/app/id1"],
  ["save-content", { about_title: "About us", about_content: "Text" }, settingsText.contentSaved.title, "aboutTitle", "About us"],
  ["save-social", { facebook_link: "https://facebook.com/x" }, settingsText.socialSaved.title, "facebookLink", "https://facebook.com/x"],
  ["save-banner", { banner_title: "Learn", banner_size: "huge" }, settingsText.bannerSaved.title, "bannerSize", "medium"],
  ["set-image", { field: "logo", url: "/storage/assets/settings/logo.png" }, settingsText.logoUploaded.title, "logo", "/storage/assets/settings/logo.png"],
  ["set-image", { field: "favicon", url: "/storage/assets/settings/favicon.png" }, settingsText.faviconUploaded.title, "favicon", "/storage/assets/settings/favicon.png"],
  ["set-image", { field: "hero_image", url: "/storage/assets/settings/hero.png" }, settingsText.heroUploaded.title, "heroImage", "/storage/assets/settings/hero.png"],
  ["set-image", { field: "app_screenshot", url: "/storage/assets/settings/app.png" }, settingsText.screenshotUploaded.title, "appScreenshot", "/storage/assets/settings/app.png"],
  ["default-favicon", {}, settingsText.faviconSet.title, "favicon", DEFAULT_FAVICON],
];

const matrix: Record<string, Row> = {
  root: { public: true, get: "/" },
  "routes/public/layout": { public: true, get: "/" },
  "routes/public/home": { public: true, get: "/" },
  "routes/public/languages": { public: true, get: "/languages" },
  "routes/public/locked-content": { public: true, get: "/locked-content" },
  "routes/public/download": { public: true, get: "/download" },
  // Its action (the support form) is open to everyone and rate-limited; see its own tests.
  "routes/public/support": { public: true, get: "/support" },
  "routes/public/faq": { public: true, get: "/faq" },
  "routes/public/blog": { public: true, get: "/blog" },
  "routes/public/blog-post": { public: true, get: "/blog/no-such-post", status: 404 },
  "routes/public/privacy-policy": { public: true, get: "/privacy-policy" },
  "routes/public/terms-of-use": { public: true, get: "/terms-of-use" },
  "routes/public/language": { public: true, get: "/spanish" },
  "routes/public/level": { public: true, get: "/spanish/a1" },
  "routes/public/not-found": { public: true, get: "/no/such/page", status: 404 },
  // The service worker's fallback page (docs/decisions/014-offline.md): the same for everyone.
  "routes/public/offline": { public: true, get: "/offline" },
  "api/settings": { public: true, get: "/api/settings" },
  "routes/api/settings": { public: true, get: "/api/settings" },
  // Who is signed in and their state on a page: everyone may ask, and gets only their own (tests/viewer.test.ts).
  // Answered before React Router (server/http/viewer-route.server.ts), so not a route of app/routes.ts.
  "api/viewer": {
    probes: [
      { name: "GET /api/viewer", method: "GET", path: () => "/api/viewer?path=%2Fspanish%2Fa1%2Fgreetings", expect: all({ status: 200 }) },
      { name: "GET /api/viewer with a path over its limit", method: "GET", path: () => `/api/viewer?path=/${"x".repeat(512)}`, expect: all({ status: 400 }) },
      { name: "POST /api/viewer", method: "POST", path: () => "/api/viewer?path=%2F", expect: all({ status: 405 }) },
      // Another spelling of the path reaches the same answer, with the same rule: each caller gets only their own.
      { name: "GET /API/Viewer/", method: "GET", path: () => "/API/Viewer/?path=%2Fspanish%2Fa1%2Fgreetings", expect: all({ status: 200 }) },
    ],
  },
  "routes/api/time-zone": {
    probes: [
      { name: "GET /api/time-zone", method: "GET", path: () => "/api/time-zone", expect: all({ status: 405 }) },
      {
        name: "POST /api/time-zone: an unknown zone",
        method: "POST",
        path: () => "/api/time-zone",
        body: () => ({ timeZone: "Mars/Olympus_Mons" }),
        expect: { visitor: { status: 401 }, unconfirmed: { status: 401 }, user: { status: 400 }, other: { status: 400 }, admin: { status: 400 } },
      },
      {
        name: "POST /api/time-zone: the browser's zone, for the caller alone",
        method: "POST",
        path: () => "/api/time-zone",
        body: () => ({ timeZone: "Europe/Lisbon" }),
        expect: { visitor: { status: 401 }, unconfirmed: { status: 401 }, user: { status: 204 }, other: { status: 204 }, admin: { status: 204 } },
        async check(who) {
          const [row] = await site.runtime.database.db.select().from(learnerSettings).where(eq(learnerSettings.userId, ids[who]));
          expect(row?.timeZone).toBe("Europe/Lisbon");
          expect(await site.runtime.database.db.$count(learnerSettings, eq(learnerSettings.userId, ids.unconfirmed))).toBe(0);
        },
      },
    ],
  },
  "routes/resources/banner": { public: true, get: "/embed/banner.js" },
  "routes/resources/sitemap": { public: true, get: "/sitemap.xml" },
  "routes/resources/blog-feed": { public: true, get: "/blog/rss.xml" },
  "routes/resources/robots": { public: true, get: "/robots.txt" },
  "routes/resources/web-manifest": { public: true, get: "/manifest.webmanifest" },
  "routes/resources/security-txt": { public: true, get: "/.well-known/security.txt" },
  "routes/auth/forgot-password": { public: true, get: "/auth/forgot-password" },
  "routes/auth/reset-password": { public: true, get: "/auth/reset-password?token=x" },
  "routes/auth/verify-email": { public: true, get: "/auth/verify-email?token=x", status: 302 },

  "routes/admin/phrases-without-audio": adminPage("/admin/phrases/without-audio"),
  "routes/admin/audio-backfill": {
    probes: [
      { name: "GET /admin/audio-backfill", method: "GET", path: () => "/admin/audio-backfill", expect: all({ status: 405 }) },
      backfillProbe("next", { intent: "next", skip: [] }, async () => undefined),
      backfillProbe("generate (a refused request stores no file)", { intent: "generate", group: { languageId: "spanish", levelId: "a1", lessonId: "numbers" } }, async () => {
        const [row] = await site.runtime.database.db.select().from(phrases).where(eq(phrases.originalText, "Cinco"));
        expect(row?.audioUrl).toMatch(/^\/storage\/content\/audio\//);
        expect(storedFiles(site)).toContain(row!.audioUrl.replace("/storage/", ""));
      }),
    ],
  },
  "routes/admin/phrase-import": {
    probes: [
      { name: "GET /admin/phrases/import", method: "GET", path: () => "/admin/phrases/import", expect: all({ status: 405 }) },
      phraseImportProbe("check", async () => expect(await site.runtime.database.db.$count(phrases, eq(phrases.originalText, "Matrix import"))).toBe(0)),
      phraseImportProbe("import", async () => {
        const rows = await site.runtime.database.db.select().from(phrases).where(eq(phrases.originalText, "Matrix import"));
        expect(rows.map((row) => [row.lessonId, row.audioUrl, row.audioBatch !== null])).toEqual([["greetings", "", true]]);
      }),
    ],
  },
  "routes/admin/cue-backfill": {
    probes: [
      { name: "GET /admin/cue-backfill", method: "GET", path: () => "/admin/cue-backfill", expect: all({ status: 405 }) },
      cueBackfillProbe("next", () => ({ intent: "next", skip: [] }), async () => undefined),
      cueBackfillProbe(
        "save (a refused request writes no cue)",
        () => ({ intent: "save", audioUrl: "/storage/a.wav", phraseIds, cues: [[0, 900], [1200, 2000]] }),
        async () => {
          const rows = await site.runtime.database.db.select().from(phrases).where(eq(phrases.audioUrl, "/storage/a.wav"));
          expect(rows.map((row) => [row.originalText, row.cueStartMs, row.cueEndMs]).sort()).toEqual([["Adiós", 1200, 2000], ["Hola", 0, 900]]);
        },
      ),
    ],
  },
  "routes/admin/catalog-export": {
    probes: [
      {
        name: "GET /admin/catalog/export (never readable by a non-admin)",
        method: "GET",
        path: () => "/admin/catalog/export",
        expect: { visitor: { status: 401 }, unconfirmed: { status: 401 }, user: { status: 403 }, other: { status: 403 }, admin: { status: 200 } },
      },
    ],
  },
  "routes/admin/catalog-import": {
    probes: [
      { name: "GET /admin/catalog/import", method: "GET", path: () => "/admin/catalog/import", expect: all({ status: 405 }) },
      catalogImportProbe("dry-run", () => archives.good, { status: 200 }),
      // The admin's import of an archive whose row names a file it lacks is refused too (422): no probe changes rows.
      catalogImportProbe("apply", () => archives.missingFile, { status: 422 }),
    ],
  },
  "routes/admin/upload": {
    probes: [
      { name: "GET /admin/uploads/levelIcon", method: "GET", path: () => "/admin/uploads/levelIcon", expect: all({ status: 405 }) },
      uploadProbe("levelIcon"),
    ],
  },
  // After the upload row: the admin's request discards the icon the upload probe stored (no row uses it).
  "routes/admin/upload-discard": {
    probes: [
      { name: "GET /admin/uploads/discard", method: "GET", path: () => "/admin/uploads/discard", expect: all({ status: 405 }) },
      {
        name: "POST /admin/uploads/discard (a refused request deletes no file)",
        method: "POST",
        path: () => "/admin/uploads/discard",
        send: () => ({ method: "POST", body: JSON.stringify({ urls: [discardedIcon()] }), headers: { "content-type": "application/json" } }),
        expect: { visitor: { status: 401 }, unconfirmed: { status: 401 }, user: { status: 403 }, other: { status: 403 }, admin: { status: 200 } },
        check: async () => expect(storedFiles(site).filter((file) => file.startsWith("content/icons/level/"))).toEqual([]),
      },
    ],
  },

  "routes/auth/auth": {
    probes: [
      {
        name: "GET /auth",
        method: "GET",
        path: () => "/auth",
        expect: {
          visitor: { status: 200 },
          unconfirmed: { status: 200 },
          user: { status: 302, location: "/profile" },
          other: { status: 302, location: "/profile" },
          admin: { status: 302, location: "/admin" },
        },
      },
      {
        name: "POST /auth: sign in with a wrong password",
        method: "POST",
        path: () => "/auth",
        body: (who) => ({ intent: "sign-in", email: `${who}@example.com`, password: "wrong-password" }),
        // The error is shown above the form only (no toast too, which outlived a switch to Register).
        expect: { ...signedInSentOn, visitor: { status: 401, toasts: [] }, unconfirmed: { status: 401, toasts: [] } },
      },
      {
        name: "POST /auth: register an address that has an account (same answer as a new one)",
        method: "POST",
        path: () => "/auth",
        body: () => ({ intent: "register", email: "user@example.com", password: "whatever1" }),
        expect: {
          ...signedInSentOn,
          visitor: { status: 200, toasts: [authText.signUpSuccessful.title] },
          unconfirmed: { status: 200, toasts: [authText.signUpSuccessful.title] },
        },
      },
    ],
  },
  "routes/auth/sign-out": {
    probes: [
      { name: "GET /auth/sign-out signs nobody out", method: "GET", path: () => "/auth/sign-out", expect: all({ status: 302, location: "/" }) },
      {
        name: "POST /auth/sign-out (checked last: it ends the session)",
        method: "POST",
        path: () => "/auth/sign-out",
        body: () => ({}),
        expect: all({ status: 302, location: "/", toasts: [authText.signedOut.title] }),
      },
    ],
  },

  "routes/public/lesson": {
    probes: [
      {
        name: "GET lesson",
        method: "GET",
        path: () => "/spanish/a1/greetings",
        expect: all({ status: 200 }),
      },
      {
        name: "POST lesson: mark complete",
        method: "POST",
        path: () => "/spanish/a1/greetings",
        body: () => ({ intent: "complete", value: "true" }),
        expect: signedInOnly("", { status: 200 }),
        async check(who) {
          const rows = await site.runtime.database.db.select().from(userProgress).where(eq(userProgress.userId, ids[who]));
          expect(rows.map((r) => r.lessonId)).toEqual(["greetings"]);
        },
      },
      {
        name: "POST lesson: favourite a phrase of this lesson",
        method: "POST",
        path: () => "/spanish/a1/greetings",
        body: () => ({ intent: "favorite", phraseId: phraseIds[0]!, value: "true" }),
        expect: signedInOnly("", { status: 200 }),
        async check(who) {
          const rows = await site.runtime.database.db.select().from(userFavorites).where(eq(userFavorites.userId, ids[who]));
          expect(rows.map((r) => r.phraseId)).toEqual([phraseIds[0]]);
          if (who === "user") userFavoriteId = rows[0]!.id;
        },
      },
      {
        name: "POST another lesson with a phrase that is not in it",
        method: "POST",
        path: () => "/spanish/a1/numbers",
        body: () => ({ intent: "favorite", phraseId: phraseIds[1]!, value: "true" }),
        expect: signedInOnly("", { status: 404 }),
      },
    ],
  },

  "routes/profile/profile": {
    probes: [
      { name: "GET /profile", method: "GET", path: () => "/profile", expect: signedInOnly("/profile", { status: 200 }) },
      { name: "GET /profile.data", method: "GET", path: () => "/profile.data", expect: { ...signedInOnly("", { status: 200 }), visitor: { status: 202 }, unconfirmed: { status: 202 } } },
      {
        name: "POST /profile: update own username",
        method: "POST",
        path: () => "/profile",
        body: (who) => ({ intent: "update-profile", username: `${who}-renamed` }),
        expect: { ...signedInOnly("", { status: 200 }), visitor: { status: 302, location: "/auth" }, unconfirmed: { status: 302, location: "/auth" } },
        async check(who) {
          const rows = await site.runtime.database.db.select().from(profiles);
          // Only the caller's own profile holds the new name.
          expect(rows.filter((r) => r.username === `${who}-renamed`).map((r) => r.id)).toEqual([ids[who]]);
        },
      },
      {
        name: "POST /profile: save own goal",
        method: "POST",
        path: () => "/profile",
        body: (who) => ({ intent: "update-goal", kind: "lessons", target: String(who.length) }),
        expect: { ...signedInOnly("", { status: 200, toasts: [goalText.goalSaved.title] }), visitor: { status: 302, location: "/auth" }, unconfirmed: { status: 302, location: "/auth" } },
        async check(who) {
          const [row] = await site.runtime.database.db.select().from(learnerSettings).where(eq(learnerSettings.userId, ids[who]));
          expect(row).toMatchObject({ dailyGoalKind: "lessons", dailyGoalTarget: who.length });
        },
      },
      {
        name: "POST /profile: save own time zone",
        method: "POST",
        path: () => "/profile",
        body: () => ({ intent: "update-time-zone", timeZone: "Asia/Tokyo" }),
        expect: { ...signedInOnly("", { status: 200, toasts: ["Time zone saved"] }), visitor: { status: 302, location: "/auth" }, unconfirmed: { status: 302, location: "/auth" } },
        async check(who) {
          const [row] = await site.runtime.database.db.select().from(learnerSettings).where(eq(learnerSettings.userId, ids[who]));
          expect(row?.timeZone).toBe("Asia/Tokyo");
        },
      },
      {
        name: "POST /profile: a goal out of bounds",
        method: "POST",
        path: () => "/profile",
        body: () => ({ intent: "update-goal", kind: "reviews", target: "501" }),
        expect: { ...signedInOnly("", { status: 400 }), visitor: { status: 302, location: "/auth" }, unconfirmed: { status: 302, location: "/auth" } },
      },
      {
        name: "POST /profile: remove the user's favourite (only the user may)",
        method: "POST",
        path: () => "/profile",
        body: () => ({ intent: "remove-favorite", favoriteId: userFavoriteId }),
        expect: {
          visitor: { status: 302, location: "/auth" },
          unconfirmed: { status: 302, location: "/auth" },
          other: { status: 404 },
          admin: { status: 404 },
          user: { status: 200, toasts: [authText.favoriteRemoved.title] },
        },
        async check(who) {
          expect(who).toBe("user");
          const left = await site.runtime.database.db
            .select()
            .from(userFavorites)
            .where(and(eq(userFavorites.id, userFavoriteId)));
          expect(left).toEqual([]);
        },
      },
    ],
  },

  "routes/review/review": {
    probes: [
      { name: "GET /review", method: "GET", path: () => "/review", expect: signedInOnly("/review", { status: 200 }) },
      { name: "GET /review.data", method: "GET", path: () => "/review.data", expect: { ...signedInOnly("", { status: 200 }), visitor: { status: 202 }, unconfirmed: { status: 202 } } },
      {
        // The user: Hola is not in their deck. The other learner: rated. The admin: the other learner's review id.
        name: "POST /review: rate Hola (in the other learner's deck; a replay of their id by anyone else is refused)",
        method: "POST",
        path: () => "/review",
        body: () => ({ intent: "rate", reviewId: matrixReviewId, phraseId: phraseIds[0]!, rating: "3", timeZone: "Europe/Paris" }),
        expect: { visitor: { status: 302, location: "/auth" }, unconfirmed: { status: 302, location: "/auth" }, user: { status: 404 }, other: { status: 200 }, admin: { status: 404 } },
        async check(who) {
          expect(who).toBe("other");
          const rows = await site.runtime.database.db.select().from(reviewLog).where(eq(reviewLog.id, matrixReviewId));
          expect(rows.map((r) => [r.userId, r.phraseId, r.rating])).toEqual([[ids.other, phraseIds[0], 3]]);
        },
      },
      {
        name: "POST /review: undo the other learner's rating (only they may)",
        method: "POST",
        path: () => "/review",
        body: () => ({ intent: "undo", reviewId: matrixReviewId }),
        expect: { visitor: { status: 302, location: "/auth" }, unconfirmed: { status: 302, location: "/auth" }, user: { status: 404 }, other: { status: 200 }, admin: { status: 404 } },
        async check(who) {
          expect(who).toBe("other");
          const [row] = await site.runtime.database.db.select().from(reviewLog).where(eq(reviewLog.id, matrixReviewId));
          expect(row?.undoneAt).toBeInstanceOf(Date);
        },
      },
    ],
  },

  "routes/admin/layout": adminPage("/admin"),
  "routes/admin/overview": adminPage("/admin"),
  "routes/admin/languages": catalogAdminRow("/admin/languages", [
    ["create", { intent: "create", id: "matrix-lang", name: "Matrix", flagUrl: "/images/flags/matrix.png" }, catalogToasts.languageAdded, async () => expect(await catalogRow("languages", "matrix-lang")).toMatchObject({ name: "Matrix" })],
    ["update", { intent: "update", id: "matrix-lang", name: "Matrix Two", flagUrl: "/images/flags/matrix.png" }, catalogToasts.languageUpdated, async () => expect(await catalogRow("languages", "matrix-lang")).toMatchObject({ name: "Matrix Two" })],
    ["delete", { intent: "delete", id: "matrix-lang" }, catalogToasts.languageDeleted, async () => expect(await catalogRow("languages", "matrix-lang")).toBeUndefined()],
  ]),
  "routes/admin/levels": catalogAdminRow("/admin/levels", [
    ["create", { intent: "create", languageId: "spanish", id: "matrix-level", title: "Matrix Level", cefrLabel: "B1", iconUrl: "" }, catalogToasts.levelAdded, async () => expect(await catalogRow("levels", "matrix-level")).toMatchObject({ orderIndex: 1, isLocked: false })],
    ["update", { intent: "update", keyLanguageId: "spanish", keyId: "matrix-level", languageId: "spanish", id: "matrix-level", title: "Matrix Level Two", cefrLabel: "B2", iconUrl: "" }, catalogToasts.levelUpdated, async () => expect(await catalogRow("levels", "matrix-level")).toMatchObject({ title: "Matrix Level Two", cefrLabel: "B2" })],
    ["lock", { intent: "lock", keyLanguageId: "spanish", keyId: "matrix-level", locked: "true" }, catalogToasts.levelLocked, async () => expect(await catalogRow("levels", "matrix-level")).toMatchObject({ isLocked: true })],
    ["move", { intent: "move", keyLanguageId: "spanish", keyId: "matrix-level", direction: "up" }, catalogToasts.levelOrderUpdated, async () => expect(await catalogRow("levels", "matrix-level")).toMatchObject({ orderIndex: 0 })],
    ["delete", { intent: "delete", keyLanguageId: "spanish", keyId: "matrix-level" }, catalogToasts.levelDeleted, async () => expect(await catalogRow("levels", "matrix-level")).toBeUndefined()],
  ]),
  "routes/admin/lessons": catalogAdminRow("/admin/lessons", [
    ["create", { intent: "create", languageId: "spanish", levelId: "a1", id: "matrix-lesson", title: "Matrix Lesson", translatedTitle: "Lección", iconUrl: "" }, catalogToasts.lessonAdded, async () => expect(await catalogRow("lessons", "matrix-lesson")).toMatchObject({ orderIndex: 2 })],
    ["update", { intent: "update", keyLanguageId: "spanish", keyLevelId: "a1", keyId: "matrix-lesson", languageId: "spanish", levelId: "a1", id: "matrix-lesson", title: "Matrix Lesson Two", translatedTitle: "Lección dos", iconUrl: "" }, catalogToasts.lessonUpdated, async () => expect(await catalogRow("lessons", "matrix-lesson")).toMatchObject({ title: "Matrix Lesson Two" })],
    ["lock", { intent: "lock", keyLanguageId: "spanish", keyLevelId: "a1", keyId: "matrix-lesson", locked: "true" }, catalogToasts.lessonLocked, async () => expect(await catalogRow("lessons", "matrix-lesson")).toMatchObject({ isLocked: true })],
    ["move", { intent: "move", keyLanguageId: "spanish", keyLevelId: "a1", keyId: "matrix-lesson", direction: "up" }, catalogToasts.lessonOrderUpdated, async () => expect(await catalogRow("lessons", "matrix-lesson")).toMatchObject({ orderIndex: 1 })],
    ["reorder", { intent: "reorder", keyLanguageId: "spanish", keyLevelId: "a1", ids: "matrix-lesson" }, catalogToasts.lessonOrderFailed, async () => expect(await catalogRow("lessons", "matrix-lesson")).toMatchObject({ orderIndex: 1 })],
    ["delete", { intent: "delete", keyLanguageId: "spanish", keyLevelId: "a1", keyId: "matrix-lesson" }, catalogToasts.lessonDeleted, async () => expect(await catalogRow("lessons", "matrix-lesson")).toBeUndefined()],
  ]),
  // The Phrases tab's lazy accordions and selects: a language's levels, a level's lessons, a lesson's audio groups.
  "routes/admin/phrase-tree": {
    probes: [
      ["a language's levels", "language=spanish"],
      ["a level's lessons", "language=spanish&level=a1"],
      ["a lesson's audio groups", "language=spanish&level=a1&lesson=greetings"],
    ].map(([name, query]): Probe => ({ name: `GET /admin/phrases/tree: ${name}`, method: "GET", path: () => `/admin/phrases/tree?${query}`, expect: adminOnly() })),
  },
  "routes/admin/phrases": {
    probes: [
      ...(adminPage("/admin/phrases") as { probes: Probe[] }).probes,
      { name: "GET /admin/phrases with a search and a page", method: "GET", path: () => "/admin/phrases?q=hola&page=2", expect: adminOnly() },
      {
        name: "POST /admin/phrases: add phrases",
        method: "POST",
        path: () => "/admin/phrases",
        body: () => ({ intent: "add", ...matrixPhraseForm }),
        expect: adminOnly({ status: 200, toasts: ["1 phrase added successfully"] }),
        async check() {
          const rows = await site.runtime.database.db.select().from(phrases).where(eq(phrases.audioUrl, matrixPhraseForm.audioUrl));
          expect(rows.map((r) => r.originalText)).toEqual(["Tres"]);
        },
      },
      {
        name: "POST /admin/phrases: update an audio group",
        method: "POST",
        path: () => "/admin/phrases",
        body: () => ({
          intent: "update",
          ...matrixPhraseForm,
          originalText: "Cuatro",
          groupLanguageId: "spanish",
          groupLevelId: "a1",
          groupLessonId: "numbers",
          groupAudioUrl: matrixPhraseForm.audioUrl,
        }),
        expect: adminOnly({ status: 200, toasts: ["Phrases updated successfully"] }),
        async check() {
          const rows = await site.runtime.database.db.select().from(phrases).where(eq(phrases.audioUrl, matrixPhraseForm.audioUrl));
          expect(rows.map((r) => r.originalText)).toEqual(["Cuatro"]);
        },
      },
      {
        name: "POST /admin/phrases: delete an audio group",
        method: "POST",
        path: () => "/admin/phrases",
        body: () => ({
          intent: "delete",
          groupLanguageId: "spanish",
          groupLevelId: "a1",
          groupLessonId: "numbers",
          groupAudioUrl: matrixPhraseForm.audioUrl,
        }),
        expect: adminOnly({ status: 200, toasts: ["Audio group deleted with its 1 phrase"] }),
        async check() {
          const rows = await site.runtime.database.db.select().from(phrases).where(eq(phrases.audioUrl, matrixPhraseForm.audioUrl));
          expect(rows).toEqual([]);
        },
      },
      {
        name: "POST /admin/phrases: generate audio (a refused request stores no file)",
        method: "POST",
        path: () => "/admin/phrases",
        body: () => ({ intent: "generate-audio", text: "Hola", languageId: "spanish" }),
        expect: adminOnly({ status: 200 }),
        check: async () => expect(storedFiles(site).some((file) => file.startsWith("content/audio/"))).toBe(true),
      },
    ],
  },
  // Every Users tab action: refused for non-admins with no row changed; the admin's probes change nothing either (they
  // aim at what is already so, or are refused by the last-admin guard), so the other probes keep their roles.
  "routes/admin/users": {
    probes: [
      ...adminPage("/admin/users").probes,
      { name: "GET /admin/users with search, page and Details", method: "GET", path: () => `/admin/users?q=example&page=2&user=${ids.user}`, expect: adminOnly() },
      ...(
        [
          ["make-admin (the admin, already one)", () => ({ intent: "make-admin", userId: ids.admin }), 200],
          ["remove-admin (a learner, not an admin)", () => ({ intent: "remove-admin", userId: ids.user }), 409],
          ["remove-admin (own role, the last admin)", () => ({ intent: "remove-admin", userId: ids.admin, confirmSelf: "yes" }), 409],
          ["grant-by-email (an admin already)", () => ({ intent: "grant-by-email", email: "admin@example.com" }), 200],
          ["grant-by-email (blank)", () => ({ intent: "grant-by-email", email: " " }), 400],
          ["make-myself-admin", () => ({ intent: "make-myself-admin" }), 200],
        ] as const
      ).map(([name, body, status]): Probe => ({
        name: `POST /admin/users: ${name}`,
        method: "POST",
        path: () => "/admin/users",
        body,
        expect: adminOnly({ status }),
        async check() {
          const admins = await site.runtime.database.db.select({ userId: userRoles.userId }).from(userRoles);
          expect(admins.map((r) => r.userId)).toEqual([ids.admin]);
        },
      })),
    ],
  },
  "routes/admin/settings": {
    probes: [
      ...(adminPage("/admin/settings") as { probes: Probe[] }).probes,
      ...settingsActions.map(([intent, body, toast, field, value]) => ({
        name: `POST /admin/settings: ${intent}${body.field ? ` ${body.field}` : ""}`,
        method: "POST" as const,
        path: () => "/admin/settings?tab=app",
        body: () => ({ intent, ...body }),
        expect: adminOnly({ status: 200, toasts: [toast] }),
        async check() {
          const [row] = await site.runtime.database.db.select().from(settingsTable);
          expect(row?.[field]).toBe(value);
        },
      })),
    ],
  },
  "routes/admin/blog": { probes: [...adminPageProbes("/admin/blog"), ...blogProbes()] },
  // An unknown admin path reveals nothing to non-admins: the same redirects as any admin page; admins get a 404.
  "routes/admin/not-found": {
    probes: ["/admin/no-such-tab", "/admin/languages/no-such-thing"].map((path) => ({
      name: `GET ${path}`,
      method: "GET" as const,
      path: () => path,
      expect: adminOnly({ status: 404 }),
    })),
  },
};

/** Each intent of the Blog tab: refused for all but an admin, whose change is checked; all on one post, in order. */
let blogPostId = "";
function adminPageProbes(path: string): Probe[] {
  const row = adminPage(path);
  return "probes" in row ? row.probes : [];
}
function blogProbes(): Probe[] {
  const blogPost = async () => (await site.runtime.database.db.select().from(blogPosts).where(eq(blogPosts.id, blogPostId)))[0];
  const admin = (title: string) => ({ ...adminOnly(), admin: { status: 200, toasts: [title] } });
  return [
    {
      name: "POST /admin/blog: create a post",
      method: "POST",
      path: () => "/admin/blog",
      body: () => ({ intent: "create", title: "Matrix created post", content: "Body" }),
      expect: admin("Blog post created successfully"),
      async check() {
        const rows = await site.runtime.database.db.select().from(blogPosts).where(eq(blogPosts.title, "Matrix created post"));
        expect(rows.map((r) => [r.slug, r.published])).toEqual([["matrix-created-post", false]]);
      },
    },
    {
      name: "POST /admin/blog: update a post",
      method: "POST",
      path: () => "/admin/blog",
      body: () => ({ intent: "update", id: blogPostId, title: "Matrix renamed post", content: "New body", published: "on" }),
      expect: admin("Blog post updated successfully"),
      check: async () => expect(await blogPost()).toMatchObject({ title: "Matrix renamed post", slug: "matrix-renamed-post", published: true }),
    },
    {
      // Changes nothing, but parses what it is sent: the admin's only.
      name: "POST /admin/blog: preview a Markdown body",
      method: "POST",
      path: () => "/admin/blog",
      body: () => ({ intent: "preview", content: "# Matrix preview" }),
      expect: adminOnly(),
    },
    {
      name: "POST /admin/blog: toggle publish",
      method: "POST",
      path: () => "/admin/blog",
      body: () => ({ intent: "toggle-publish", id: blogPostId, published: "false" }),
      expect: admin("Publish status updated"),
      check: async () => expect(await blogPost()).toMatchObject({ published: false }),
    },
    {
      name: "POST /admin/blog: delete a post",
      method: "POST",
      path: () => "/admin/blog",
      body: () => ({ intent: "delete", id: blogPostId }),
      expect: admin("Blog post deleted successfully"),
      check: async () => expect(await blogPost()).toBeUndefined(),
    },
  ];
}

/** The library's own endpoints that act on the signed-in user. */
const apiProbes: Probe[] = [
  {
    name: "GET /api/auth/get-session",
    method: "GET",
    path: () => "/api/auth/get-session",
    expect: all({ status: 200 }),
  },
  {
    name: "POST /api/auth/update-user",
    method: "POST",
    path: () => "/api/auth/update-user",
    body: (who) => ({ name: `${who}-api` }),
    json: true,
    expect: { visitor: { status: 401 }, unconfirmed: { status: 401 }, user: { status: 200 }, other: { status: 200 }, admin: { status: 200 } },
  },
];

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  ({ phraseIds } = await seedSmallCatalog(site));
  const db = site.runtime.database.db;
  // A phrase without audio, for the audio backfill's probes.
  await db.insert(phrases).values({ languageId: "spanish", levelId: "a1", lessonId: "numbers", originalText: "Cinco", translatedText: "Five", audioUrl: "", position: 0 });
  const made = {
    user: await confirmedUser(site, "user@example.com", "userpass1"),
    other: await confirmedUser(site, "other@example.com", "otherpass1"),
    admin: await confirmedUser(site, "admin@example.com", "adminpass1", true),
  };
  for (const who of ["user", "other", "admin"] as const) {
    ids[who] = made[who].id;
    cookies[who] = await signInThroughForm(site, `${who}@example.com`, `${who}pass1`, `198.51.100.${who.length}`);
  }
  // Unconfirmed: registered through the form; signing in is refused, so it holds whatever cookie that left (none), and
  // the database refuses a session for it even when asked directly.
  const registered = await site.request("/auth", { ...form({ intent: "register", email: "new@example.com", password: "newpass1" }), ip: "198.51.100.50" });
  expect(registered.status).toBe(200);
  const refused = await site.request("/auth", { ...form({ intent: "sign-in", email: "new@example.com", password: "newpass1" }), ip: "198.51.100.51" });
  expect(refused.status).toBe(403);
  expect(refused.headers.getSetCookie().some((c) => c.startsWith("phrasewise.session_token"))).toBe(false);
  const ctx = await site.runtime.auth.$context;
  ids.unconfirmed = (await ctx.internalAdapter.findUserByEmail("new@example.com"))!.user.id;
  expect(await ctx.internalAdapter.createSession(ids.unconfirmed)).toBeNull();
  expect(await db.$count(sessions, eq(sessions.userId, ids.unconfirmed))).toBe(0);
  cookies.unconfirmed = "";
  cookies.visitor = "";
}, 120_000);

// After the site is up (hooks run in order): the post the Blog tab probes act on.
beforeAll(async () => {
  const [post] = await site.runtime.database.db
    .insert(blogPosts)
    .values({ title: "Matrix post", slug: "matrix-post", content: "Body", published: true })
    .returning({ id: blogPosts.id });
  blogPostId = post!.id;
});

// The archives the import probes send: this site's catalogue as it is now, and a copy whose phrase names a lost file.
beforeAll(async () => {
  const file = await exportTo(site.runtime);
  archives.good = fs.readFileSync(file);
  archives.missingFile = fs.readFileSync(
    await rewriteArchive(file, (manifest) => {
      (manifest.phrases as { audio: unknown }[])[0]!.audio = { bucket: "content", key: "audio/lost.mp3" };
    }),
  );
});

afterAll(() => site?.close());

async function run(probe: Probe, who: Who) {
  const body = probe.body?.(who) ?? {};
  const init =
    probe.method === "GET"
      ? { method: "GET" }
      : probe.send
        ? probe.send(who)
        : probe.json
        ? { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } }
        : form(body);
  return site.request(probe.path(), { ...init, cookie: cookies[who], ip: `203.0.113.${everyone.indexOf(who) + 1}` });
}

describe("authorization matrix", () => {
  it("has a row for every route in app/routes.ts, and probes for every protected loader and action", () => {
    const missing = Object.keys(site.build.routes).filter((id) => !(id in matrix));
    expect(missing, "routes without a row in the authorization matrix").toEqual([]);
    for (const [id, route] of Object.entries(site.build.routes)) {
      const row = matrix[id]!;
      if (!route) continue;
      if ("public" in row) continue;
      if (route.module.loader) expect(row.probes.some((p) => p.method === "GET"), `${id} loader`).toBe(true);
      if (route.module.action) expect(row.probes.some((p) => p.method === "POST"), `${id} action`).toBe(true);
      if (!route.module.action) expect(row.probes.some((p) => p.method === "POST"), `${id} has no action`).toBe(false);
    }
    const stale = Object.keys(matrix).filter((id) => !(id in site.build.routes) && id !== "api/settings" && id !== "api/viewer");
    expect(stale, "rows for routes that no longer exist").toEqual([]);
  });

  it("serves the public routes to visitors", async () => {
    for (const [id, row] of Object.entries(matrix)) {
      if (!("public" in row) || !row.get) continue;
      const response = await site.request(row.get);
      expect(response.status, `${id} ${row.get}`).toBe(row.status ?? 200);
    }
  });

  const ordered = Object.entries(matrix).flatMap(([id, row]) => ("probes" in row ? row.probes.map((p) => [id, p] as const) : []));
  // Signing out ends the sessions the other probes use: it goes last.
  ordered.sort(([a], [b]) => Number(a === "routes/auth/sign-out") - Number(b === "routes/auth/sign-out"));

  for (const [id, probe] of [...ordered.filter(([i]) => i !== "routes/auth/sign-out"), ...apiProbes.map((p) => ["api", p] as const), ...ordered.filter(([i]) => i === "routes/auth/sign-out")]) {
    // The removal of the user's favourite must come after the refused attempts by others.
    const order: Who[] = probe.name.includes("remove the user's favourite") ? ["visitor", "unconfirmed", "other", "admin", "user"] : everyone;
    it(`${id}: ${probe.name}`, async () => {
      for (const who of order) {
        const before = await snapshot(site.runtime.database.db);
        const filesBefore = storedFiles(site);
        const response = await run(probe, who);
        const expected = probe.expect[who];
        expect(response.status, `${probe.name} as ${who}`).toBe(expected.status);
        if (expected.location !== undefined) {
          const location = response.headers.get("location") ?? "";
          if (expected.location.includes("?")) expect(location, `${probe.name} as ${who}`).toBe(expected.location);
          else expect(location.split("?")[0], `${probe.name} as ${who}`).toBe(expected.location);
        }
        if (expected.toasts) expect(flashTitles(response), `${probe.name} as ${who}`).toEqual(expected.toasts);
        const body = Buffer.from(await response.arrayBuffer());
        if (probe.method === "GET" && cookies[who] && !/private|no-store/.test(response.headers.get("cache-control") ?? "")) {
          // A shared answer to a signed-in request must be exactly what a visitor gets: nothing of the learner in it.
          const visitor = await site.request(probe.path(), { ip: "203.0.113.99" });
          expect(visitor.status, `${probe.name} as ${who}: a shared answer`).toBe(response.status);
          expect(Buffer.from(await visitor.arrayBuffer()).equals(body), `${probe.name} as ${who}: a shared answer is the visitor's`).toBe(true);
        }
        if (probe.method === "GET" && /^\/api\/viewer\/?\?/i.test(probe.path()) && response.status === 200) {
          const viewer = JSON.parse(body.toString()) as { user: { email: string } | null };
          expect(viewer.user?.email ?? null, `${probe.name} as ${who}: only their own`).toBe(cookies[who] ? `${who}@example.com` : null);
        }
        const refused = expected.status >= 300 && expected.status !== 304;
        if (refused && !probe.name.startsWith("POST /auth/sign-out")) {
          // (A GET that redirects is "refused" here too: it must change nothing either.)
          expect(await snapshot(site.runtime.database.db), `a refused ${probe.name} as ${who} changed rows`).toBe(before);
          expect(storedFiles(site), `a refused ${probe.name} as ${who} stored or removed a file`).toEqual(filesBefore);
        } else if (probe.method === "POST" && probe.check) {
          await probe.check(who);
        }
      }
    });
  }
});
