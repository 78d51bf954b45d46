/**
 * The servers the e2e suite runs against, each on its own fresh data directory:
 * - demo: first start with the seeded demo content, default settings (nothing configured);
 * - bare: store and social links configured, only catalogue shells (empty states below the language list), and
 *   mail going to an SMTP port nothing listens on, so every mail fails (the demo server keeps mail in its outbox);
 * - empty: nothing at all, as a fresh installation with SEED_DEMO=false.
 */
export const servers = {
  demo: { profile: "demo", port: 3310, url: "http://127.0.0.1:3310" },
  bare: { profile: "bare", port: 3311, url: "http://127.0.0.1:3311", smtpUrl: "smtp://127.0.0.1:1" },
  empty: { profile: "empty", port: 3312, url: "http://127.0.0.1:3312" },
} as const;

export type ServerProfile = keyof typeof servers;

export const bareSettings = {
  app_store_link: "https://apps.apple.com/app/id000000001",
  play_store_link: "https://play.google.com/store/apps/details?id=example.phrasewise",
  facebook_link: "https://www.facebook.com/phrasewise.example",
  instagram_link: "https://www.instagram.com/phrasewise.example",
};
