import { DEFAULT_FAVICON } from "#common/settings.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/settings";

const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
};

/** The public settings as JSON, readable from any origin (the embed banner and the mobile app read it). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: corsHeaders });
  const runtime = getRuntime(context);
  try {
    const settings = await runtime.settings.get();
    return Response.json(settings, { headers: { ...corsHeaders, "Cache-Control": "public, max-age=30" } });
  } catch (error) {
    runtime.logger.error("GET /api/settings failed", error);
    return Response.json({ favicon: DEFAULT_FAVICON }, { headers: { ...corsHeaders, "Cache-Control": "no-store" } });
  }
}

export function action() {
  return new Response("Method Not Allowed", { status: 405, headers: { ...corsHeaders, Allow: "GET, OPTIONS" } });
}
