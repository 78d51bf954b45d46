import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * Mirrors SPEC §2: the public site inside the shared layout (with /profile), then the routes outside it: /auth and
 * its password pages, the admin area, resources. Every route here needs a row in the authorization matrix
 * (tests/authorization-matrix.test.ts), which fails otherwise.
 */
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("languages", "routes/public/languages.tsx"),
    route("locked-content", "routes/public/locked-content.tsx"),
    route("download", "routes/public/download.tsx"),
    route("support", "routes/public/support.tsx"),
    route("faq", "routes/public/faq.tsx"),
    route("privacy-policy", "routes/public/privacy-policy.tsx"),
    route("terms-of-use", "routes/public/terms-of-use.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:slug", "routes/public/blog-post.tsx"),
    route("offline", "routes/public/offline.tsx"),
    route("profile", "routes/profile/profile.tsx"),
    route("review", "routes/review/review.tsx"),
    route(":language", "routes/public/language.tsx"),
    route(":language/:level", "routes/public/level.tsx"),
    route(":language/:level/:lesson", "routes/public/lesson.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("auth", "routes/auth/auth.tsx"),
  route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
  route("auth/reset-password", "routes/auth/reset-password.tsx"),
  route("auth/verify-email", "routes/auth/verify-email.ts"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  // Outside the admin layout: it answers JSON, and checks the caller itself.
  route("admin/uploads/discard", "routes/admin/upload-discard.ts"),
  route("admin/uploads/:kind", "routes/admin/upload.ts"),
  route("admin/phrases/tree", "routes/admin/phrase-tree.ts"),
  route("admin/phrases/import", "routes/admin/phrase-import.ts"),
  route("admin/audio-backfill", "routes/admin/audio-backfill.ts"),
  route("admin/cue-backfill", "routes/admin/cue-backfill.ts"),
  route("admin/catalog/export", "routes/admin/catalog-export.ts"),
  route("admin/catalog/import", "routes/admin/catalog-import.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/overview.tsx"),
    route("languages", "routes/admin/languages.tsx"),
    route("levels", "routes/admin/levels.tsx"),
    route("lessons", "routes/admin/lessons.tsx"),
    route("phrases", "routes/admin/phrases.tsx"),
    route("phrases/without-audio", "routes/admin/phrases-without-audio.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("blog", "routes/admin/blog.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    // Any other admin path, also below a tab: a 404 in the admin chrome. ":section/*" rather than "*": a bare splat
    // ranks below the public /:language/:level/:lesson, which would answer /admin/languages/x.
    route(":section/*", "routes/admin/not-found.tsx"),
  ]),
  route("api/settings", "routes/api/settings.ts"),
  route("api/time-zone", "routes/api/time-zone.ts"),
  route("embed/banner.js", "routes/resources/banner.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("blog/rss.xml", "routes/resources/blog-feed.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("manifest.webmanifest", "routes/resources/web-manifest.ts"),
  route(".well-known/security.txt", "routes/resources/security-txt.ts"),
] satisfies RouteConfig;
