import { data } from "react-router";
import { NotFoundMessage } from "#app/components/not-found-message.tsx";
import type { Route } from "./+types/not-found";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

export function loader() {
  return data(null, { status: 404 });
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/not-found", args);

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "";
  return [{ title: `Page not found | ${siteName}` }, { name: "robots", content: "noindex" }];
};

export default function NotFound() {
  return <NotFoundMessage homeHref="/" homeLabel="Return to Home" />;
}
