/**
 * The servers the e2e suite runs against, each on its own fresh data directory:
 * - demo: first start with the seeded demo content, default settings (nothing configured);
 * - bare: store and social links configured, only catalogue shells (empty states below the language list), and
 *   mail going to an SMTP port nothing listens on, so every mail fails (the demo server keeps mail in its outbox);
 * - empty: nothing at all, as a fresh installation with SEED_DEMO=false;
 * - accounts: a small catalogue (/spanish/a1/greetings), a confirmed learner and an admin, OWNER_EMAIL set, and mail
 *   going over SMTP to a test server that start-server.ts runs beside it; tests read the received mail from its
 *   mailbox address. TRUST_PROXY is on, so each test can be its own client (X-Forwarded-For) for the rate limits.
 */
/**
 * - catalog, phrases, settings, users, blog: one per admin area, so that an area's tests can create, reorder and delete freely
 *   without changing what another area's tests see. Each has `adminAreaFixture.admin` and `adminAreaFixture.learner`
 *   (start-server.ts creates them), and the area's own data from e2e/support/profiles/{profile}.ts where there is one.
 *   backfill, screens and learning (the lesson flow) are set up the same way.
 *
 * E2E_PORT_BASE moves every port (base + 0..11, 14 to 19; the shutdown spec uses base + 12 and 13), so several checkouts can run
 * the suite side by side.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3310);
const at = (offset: number) => ({ port: base + offset, url: `http://127.0.0.1:${base + offset}` });

export const servers = {
  demo: { profile: "demo", ...at(0) },
  bare: { profile: "bare", ...at(1), smtpUrl: "smtp://127.0.0.1:1" },
  empty: { profile: "empty", ...at(2) },
  accounts: { profile: "accounts", ...at(3), mailboxPort: base + 4, mailboxUrl: `http://127.0.0.1:${base + 4}` },
  catalog: { profile: "catalog", ...at(5) },
  settings: { profile: "settings", ...at(6) },
  users: { profile: "users", ...at(7) },
  blog: { profile: "blog", ...at(8) },
  phrases: { profile: "phrases", ...at(9) },
  // Phrases without audio and their backfill: a run changes every audio-less group, so it has a server of its own.
  backfill: { profile: "backfill", ...at(11) },
  // The screen-by-screen review (every admin list by touch at three widths): it locks, moves and grants on data of
  // its own, so it cannot disturb the empty states and admin counts the areas' specs assert.
  screens: { profile: "screens", ...at(10) },
  // The lesson flow (next lesson, next level, locked promos) and the profile's progress: learners complete lessons,
  // so their course has a server of its own (e2e/support/profiles/learning.ts). Past the shutdown spec's 12 and 13.
  learning: { profile: "learning", ...at(14) },
  // The review session (issue 24, e2e/review.both.spec.ts): learners rate cards, so the deck has a server of its own
  // (e2e/support/profiles/review.ts).
  review: { profile: "review", ...at(15) },
  // The daily goal, the streak and the header's due count (issue 24): learners with days of their own
  // (e2e/support/profiles/goals.ts).
  goals: { profile: "goals", ...at(16) },
  // The live channel on the website (issue 25, e2e/live-events.desktop.spec.ts): admins change the catalogue under
  // each other's tabs, so it has a server of its own.
  live: { profile: "live", ...at(17) },
  // Offline lessons and the service worker (issue 26, e2e/offline.desktop.spec.ts): a lesson with real audio and a
  // locked one (e2e/support/profiles/offline.ts). That spec starts servers of its own on base + 19 (two builds).
  offline: { profile: "offline", ...at(18) },
} as const;

/** The admin-area servers' prepared people (start-server.ts creates them on each). */
export const adminAreaFixture = {
  admin: { email: "admin@phrasewise.test", password: "admin-pass-1" },
  learner: { email: "learner@phrasewise.test", password: "learner-pass-1" },
};

export const adminAreaProfiles = ["catalog", "settings", "users", "blog", "phrases", "backfill", "screens", "learning", "review", "goals", "live", "offline"] as const;

/** The accounts server's prepared people. */
export const accountsFixture = {
  ownerEmail: "owner@phrasewise.test",
  learner: { email: "learner@phrasewise.test", password: "learner-pass-1" },
  admin: { email: "admin@phrasewise.test", password: "admin-pass-1" },
  lesson: "/spanish/a1/greetings",
};

export type ServerProfile = keyof typeof servers;

export const bareSettings = {
  app_store_link: "https://apps.apple.com/app/id000000001",
  play_store_link: "https://play.google.com/store/apps/details?id=example.phrasewise",
  facebook_link: "https://www.facebook.com/phrasewise.example",
  instagram_link: "https://www.instagram.com/phrasewise.example",
};
