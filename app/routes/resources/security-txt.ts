import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/security-txt";

/**
 * RFC 9116: where to report a security problem. The contact is the installation's support address; Expires must lie
 * within a year, so it is computed per request (and cached for a day).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { PUBLIC_URL, SUPPORT_EMAIL } = getRuntime(context).env;
  const expires = new Date(Date.now() + 180 * 24 * 60 * 60 * 1000);
  expires.setUTCHours(0, 0, 0, 0);
  const body = [
    `Contact: mailto:${SUPPORT_EMAIL}`,
    `Expires: ${expires.toISOString()}`,
    "Preferred-Languages: en",
    `Canonical: ${PUBLIC_URL}/.well-known/security.txt`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
