import { data } from "react-router";
import { UsersAdminPage } from "#app/components/admin/users/users-admin-page.tsx";
import { adminSection } from "#app/lib/admin-sections.ts";
import { seo } from "#app/lib/seo.ts";
import type { ToastMessage } from "#common/toast.ts";
import { failureText, grantedText, usersText, type UsersActionData } from "#common/users-admin.ts";
import {
  findUserById,
  grantAdminByEmail,
  grantAdminRole,
  listUsers,
  recentAuditEntries,
  removeAdminRole,
  RoleChangeError,
  userDetails,
  type RoleChangeBy,
} from "#server/admin/users-admin.server.ts";
import { requireAdmin, redirectWithMessage, toastHeaders } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/users";

const section = adminSection("/admin/users");

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context);
  const db = getRuntime(context).database.db;
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const detailsId = params.get("user");
  const [list, audit, details] = await Promise.all([
    listUsers(db, { search: (params.get("q") ?? "").slice(0, 200), page: Number.isFinite(page) ? page : 1 }),
    recentAuditEntries(db),
    detailsId ? userDetails(db, detailsId.slice(0, 200)) : null,
  ]);
  return { me: { id: me.id, email: me.email }, list, audit, details, detailsMissing: Boolean(detailsId) && !details };
}


function answer(context: Route.ActionArgs["context"], body: UsersActionData, toast: ToastMessage, status = 200) {
  return data(body, { status, headers: toastHeaders(context, toast) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(request, context);
  const runtime = getRuntime(context);
  const db = runtime.database.db;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const by: RoleChangeBy = { actor: { id: me.id, email: me.email }, via: "admin" };

  async function findTarget() {
    const userId = String(formData.get("userId") ?? "").slice(0, 200);
    if (!userId) return undefined;
    return findUserById(db, userId);
  }
  const gone = "That user no longer exists";

  try {
    if (intent === "make-admin") {
      const target = await findTarget();
      if (!target) return answer(context, { intent, ok: false }, failureText.update(gone), 404);
      if (!(await grantAdminRole(db, target, by))) {
        return answer(context, { intent, ok: true }, { type: "info", title: `User ${target.email} is already an administrator` });
      }
      return answer(context, { intent, ok: true }, grantedText(target.email));
    }

    if (intent === "remove-admin") {
      const target = await findTarget();
      if (!target) return answer(context, { intent, ok: false }, failureText.remove(gone), 404);
      const self = target.id === me.id;
      // Removing your own role locks you out: the confirmation dialog sends this, and nothing else does.
      if (self && formData.get("confirmSelf") !== "yes") {
        return answer(context, { intent, ok: false }, failureText.remove("Confirm that you want to remove your own admin role"), 400);
      }
      const removed = await removeAdminRole(db, target, { ...by, via: self ? "self" : "admin" });
      if (!removed) return answer(context, { intent, ok: false }, failureText.remove(`${target.email} is not an administrator`), 409);
      // Without the role the admin area is closed to them from this request on: take them to the home page.
      if (self) return redirectWithMessage(context, "/", usersText.removed);
      return answer(context, { intent, ok: true }, usersText.removed);
    }

    if (intent === "grant-by-email") {
      const email = String(formData.get("email") ?? "").trim();
      if (!email) {
        return answer(context, { intent, ok: false, fieldError: usersText.emptyEmail }, { type: "error", title: usersText.emptyEmail }, 400);
      }
      const { user, granted } = await grantAdminByEmail(db, email.slice(0, 320), by);
      if (!granted) return answer(context, { intent, ok: true }, { type: "info", title: `User ${user.email} is already an administrator` });
      return answer(context, { intent, ok: true }, grantedText(user.email));
    }

    if (intent === "make-myself-admin") {
      const granted = await grantAdminRole(db, me, { ...by, via: "self" });
      if (!granted) return answer(context, { intent, ok: true }, { type: "info", title: "You already have admin privileges" });
      return answer(context, { intent, ok: true }, usersText.selfGranted);
    }
  } catch (error) {
    const failure = intent === "remove-admin" ? failureText.remove : intent === "grant-by-email" ? failureText.add : failureText.update;
    if (error instanceof RoleChangeError) return answer(context, { intent, ok: false }, failure(error.message), 409);
    runtime.logger.error("Changing an admin role failed", error);
    return answer(context, { intent, ok: false }, failure("Please try again"), 500);
  }

  throw data("Unknown action", { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: section.title, description: section.description, path: section.to, noindex: true });

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  return <UsersAdminPage {...loaderData} />;
}
