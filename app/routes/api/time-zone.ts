import { announceLearnerChange } from "#server/learning/learner-changes.server.ts";
import { isTimeZone } from "#common/learner-day.ts";
import { getSessionUser } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { adoptBrowserTimeZone } from "#server/review/learner-settings.server.ts";
import type { Route } from "./+types/time-zone";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `POST /api/time-zone` with the form field `timeZone` (an IANA name such as "Europe/Paris"): the browser's own zone,
 * sent once by app/lib/viewer.ts for a signed-in learner who has none stored yet, so that their days (and streak)
 * follow their clock from the first review. It never replaces a stored zone: a later change is the learner's own, in
 * the profile. Signed-in learners only (401 otherwise); a name this server does not know is refused (400). The Origin
 * check (server/http/origin-check.server.ts) and the body limit (1 KiB, server/http/body-limit.server.ts) come first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return Response.json({ error: "Sign in first." }, { status: 401, headers: noStore });
  const values = await request
    .formData()
    .then((form) => form.getAll("timeZone"))
    .catch(() => []);
  const [timeZone] = values;
  if (values.length !== 1 || !isTimeZone(timeZone)) {
    return Response.json({ error: "That is not a time zone this site knows." }, { status: 400, headers: noStore });
  }
  const runtime = getRuntime(context);
  if (await adoptBrowserTimeZone(runtime.database.db, user.id, timeZone)) await announceLearnerChange(runtime, user.id);
  return new Response(null, { status: 204, headers: noStore });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...noStore } });
}
