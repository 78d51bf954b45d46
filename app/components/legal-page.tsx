import { ArrowLeft, ArrowRight } from "lucide-react";
import { Fragment } from "react";
import { useNavigate } from "react-router";
import { Link } from "#app/lib/page-router.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { LegalDocument } from "#app/content/legal.ts";
import { slugify } from "#common/slug.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * "Back" goes back in the history when the previous entry is a page of this site (React Router numbers its own
 * entries in `history.state.idx`), and home otherwise, so a page opened directly never sends the visitor off-site.
 * It stays inert until hydrated: before that there is no script to run, and a lost click is worse than a short wait.
 */
export function BackButton({ className }: { className?: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const goBack = () => {
    const idx: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof idx === "number" && idx > 0) void navigate(-1);
    else void navigate("/");
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={goBack}
      disabled={!hydrated}
      dimWhenDisabled={false}
      className={className}
    >
      <ArrowLeft aria-hidden />
      Back
    </Button>
  );
}

const emailLinkClass =
  "font-semibold break-words text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800 hover:decoration-brand-700";

/** Plain text in which every occurrence of the given email address becomes a mailto: link. */
export function TextWithEmailLinks({ text, email }: { text: string; email: string }) {
  if (!email || !text.includes(email)) return text;
  const parts = text.split(email);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <a href={`mailto:${email}`} className={emailLinkClass}>
          {email}
        </a>
      ) : null}
    </Fragment>
  ));
}

/** "November 21, 2026" as "2026-11-21" for <time dateTime>; parsed the same way on the server and in the browser. */
function isoDate(text: string): string | undefined {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return undefined;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A static legal text (privacy policy, terms of use) with a table of contents and numbered sections. */
export function LegalPage({
  document,
  supportEmail,
  related,
}: {
  document: LegalDocument;
  supportEmail: string;
  /** The companion document, linked at the end of the page. */
  related: { to: string; label: string };
}) {
  const sections = document.sections.map((section) => ({ ...section, id: slugify(section.heading) }));

  return (
    <article aria-labelledby="legal-title">
      <header className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-6 pt-8 pb-10 md:pt-12 md:pb-12">
          <BackButton />
          <p className="mt-8 text-sm font-bold tracking-wider text-accent-700 uppercase">Legal</p>
          <h1 id="legal-title" className="mt-2 text-4xl leading-tight font-extrabold text-ink sm:text-5xl">
            {document.title}
          </h1>
          <p className="mt-3 text-sm font-medium text-muted">
            Last updated: <time dateTime={isoDate(document.updated)}>{document.updated}</time>
          </p>
          <p className="mt-6 text-lg leading-relaxed text-ink/90">
            <TextWithEmailLinks text={document.intro} email={supportEmail} />
          </p>
        </div>
      </header>

      <div className="mx-auto max-w-3xl px-6 pb-16 md:pb-24">
        <nav
          aria-labelledby="legal-contents"
          className="rounded-card border border-brand-100 bg-brand-50/50 p-5 sm:p-6"
        >
          <h2 id="legal-contents" className="text-sm font-bold tracking-wider text-brand-900 uppercase">
            On this page
          </h2>
          <ol className="mt-3 grid gap-x-8 gap-y-1.5 sm:grid-cols-2">
            {sections.map((section, i) => (
              <li key={section.id} className="flex gap-2 text-[0.95rem]">
                <span className="w-5 shrink-0 text-right font-semibold text-brand-700 tabular-nums" aria-hidden>
                  {i + 1}.
                </span>
                <a
                  href={`#${section.id}`}
                  className="text-ink underline decoration-brand-200 underline-offset-2 hover:text-brand-800 hover:decoration-brand-700"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-12 space-y-12">
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="flex items-baseline gap-3 text-2xl font-bold text-ink">
                <span className="text-base font-extrabold text-brand-700 tabular-nums" aria-hidden>
                  {String(i + 1).padStart(2, "0")}
                </span>
                {section.heading}
              </h2>
              <div className="mt-4 space-y-4 text-[1.0625rem] leading-[1.75] text-ink/85">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>
                    <TextWithEmailLinks text={paragraph} email={supportEmail} />
                  </p>
                ))}
              </div>
            </section>
          ))}
        </div>

        <aside
          aria-label="More help"
          className="mt-16 flex flex-col gap-4 rounded-card bg-brand-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div>
            <p className="text-lg font-bold">Questions about this page?</p>
            <p className="mt-1 text-brand-100">Our team is happy to explain anything that isn't clear.</p>
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-3">
            <Button asChild variant="ghostOnDark">
              <Link to={related.to}>
                {related.label}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild variant="outlineBorderless">
              <Link to="/support">Contact Us</Link>
            </Button>
          </div>
        </aside>
      </div>
    </article>
  );
}
