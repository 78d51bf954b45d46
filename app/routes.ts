import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Mirrors SPEC §2: the public site inside the shared layout, then routes outside it. */
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
    route(":language", "routes/public/language.tsx"),
    route(":language/:level", "routes/public/level.tsx"),
    route(":language/:level/:lesson", "routes/public/lesson.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("api/settings", "routes/api/settings.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
] satisfies RouteConfig;
