import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { PUBLIC_URL } = getRuntime(context).env;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /profile",
    "Disallow: /locked-content",
    "Disallow: /api/",
    "",
    `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
