import { Link } from "#app/lib/page-router.tsx";
import { Button } from "#app/components/ui/button.tsx";

/** The 404 body (SPEC §2: 'Oops! Page not found' with a link home), inside the public or the admin chrome. */
export function NotFoundMessage({ homeHref, homeLabel }: { homeHref: string; homeLabel: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-brand-500" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold">Oops! Page not found</h1>
      <p className="mt-3 text-muted">The page you're looking for doesn't exist or has been moved.</p>
      <Button asChild className="mt-8">
        <Link to={homeHref}>{homeLabel}</Link>
      </Button>
    </section>
  );
}
