import { redirectWithMessage } from "#server/auth/session.server.ts";
import { verifyEmail } from "#server/auth/sign-in.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/verify-email";

/** The link in the confirmation mail. It confirms the address but signs nobody in: the user signs in next. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = token !== "" && (await verifyEmail(getRuntime(context), token));
  return confirmed
    ? redirectWithMessage(context, "/auth", { type: "success", title: "Email confirmed", description: "You can sign in now." })
    : redirectWithMessage(context, "/auth", {
        type: "error",
        title: "This confirmation link is invalid or has expired",
        description: "Sign in with your email and password to get a new one.",
      });
}
