import { webManifest } from "#common/web-manifest.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/web-manifest";

/** The web app manifest, so the site can be installed (docs/decisions/014-offline.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const settings = await runtime.settings.get();
  const manifest = webManifest({ siteName: runtime.env.SITE_NAME, favicon: settings.favicon });
  // Short-lived: an admin's new icon shows within minutes.
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
