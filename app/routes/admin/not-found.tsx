import { data } from "react-router";
import { NotFoundMessage } from "#app/components/not-found-message.tsx";
import { rootMeta } from "#app/lib/seo.ts";
import { requireAdmin } from "#server/auth/session.server.ts";
import type { Route } from "./+types/not-found";

/**
 * Any other path under /admin, also below a tab (/admin/languages/x): a 404 inside the admin chrome. Only an admin
 * learns that: everyone else gets the redirect of every admin page, so the admin URL space reveals nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Page not found | ${rootMeta(matches).siteName}` },
  { name: "robots", content: "noindex" },
];

export default function AdminNotFound() {
  return <NotFoundMessage homeHref="/admin" homeLabel="Back to Dashboard" />;
}
