import { data } from "react-router";
import { NotFoundMessage } from "#app/components/not-found-message.tsx";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "";
  return [{ title: `Page not found | ${siteName}` }, { name: "robots", content: "noindex" }];
};

export default function NotFound() {
  return <NotFoundMessage homeHref="/" homeLabel="Return to Home" />;
}
