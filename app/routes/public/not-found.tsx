import { data, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "";
  return [{ title: `Page not found | ${siteName}` }, { name: "robots", content: "noindex" }];
};

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-brand-500" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold">Oops! Page not found</h1>
      <p className="mt-3 text-muted">The page you're looking for doesn't exist or has been moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
