import bannerScript from "#app/embed/banner.js?raw";
import type { Route } from "./+types/banner";

/**
 * /embed/banner.js, the script other sites embed (see app/embed/banner.js). Cached for a minute, so a changed setting
 * reaches host pages within a minute (the settings it reads are cached 30 s); loadable from any origin.
 */
export function loader(_: Route.LoaderArgs) {
  return new Response(bannerScript, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=60",
      "Access-Control-Allow-Origin": "*",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
