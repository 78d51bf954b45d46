import { ArrowLeft } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { SiteLogo } from "#app/components/site-logo.tsx";

/** The frame of the pages outside the public layout that deal with accounts (/auth and its password pages). */
export function AuthShell({
  logo,
  siteName,
  title,
  description,
  children,
}: {
  logo: string | null;
  siteName: string;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-white to-white">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-5 py-4 sm:px-8">
        <SiteLogo logo={logo} siteName={siteName} />
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to Home
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:pt-10">
        <div className="w-full max-w-md rounded-[var(--radius-card)] border border-brand-100 bg-white p-6 shadow-[var(--shadow-card)] sm:p-8">
          <h1 className="text-2xl font-extrabold text-ink">{title}</h1>
          {description ? <p className="mt-1.5 text-muted">{description}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
