import { AdminSectionPlaceholder } from "#app/components/admin/section-placeholder.tsx";
import { adminSection } from "#app/lib/admin-sections.ts";
import { seo } from "#app/lib/seo.ts";
import { requireAdmin } from "#server/auth/session.server.ts";
import type { Route } from "./+types/blog";

const section = adminSection("/admin/blog");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: section.title, description: section.description, path: section.to, noindex: true });

export default function AdminBlog() {
  return <AdminSectionPlaceholder section={section} />;
}
