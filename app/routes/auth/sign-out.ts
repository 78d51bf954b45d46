import { redirect } from "react-router";
import { authText, errorTitles } from "#common/toast.ts";
import { redirectWithMessage } from "#server/auth/session.server.ts";
import { signOut } from "#server/auth/sign-in.server.ts";
import { getRequestInfo, getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/sign-out";

/** Signing out is a POST (a link or an image must not sign anyone out); a GET just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntime(context);
  try {
    const headers = await signOut(runtime, request, getRequestInfo(context).clientIp);
    return redirectWithMessage(context, "/", authText.signedOut, headers);
  } catch (error) {
    runtime.logger.error("Signing out failed", error);
    return redirectWithMessage(context, "/", { type: "error", title: errorTitles.signOut, description: "Please try again." });
  }
}
