import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Mirrors SPEC §2: the public site inside the shared layout, then routes outside it. */
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("api/settings", "routes/api/settings.ts"),
] satisfies RouteConfig;
