import { Mail, MessageCircle } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { FaqAccordion, faqCategoryIcons, faqSectionId } from "#app/components/faq-accordion.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { faqCategories } from "#app/content/faq.ts";
import { seo } from "#app/lib/seo.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/faq";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = getRuntime(context);
  return {
    siteName: env.SITE_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    categories: faqCategories({ name: env.SITE_NAME, supportEmail: env.SUPPORT_EMAIL }),
  };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/faq", args);

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: "Frequently Asked Questions",
    description: `Answers to common questions about ${loaderData.siteName}: the languages you can learn, your account, Premium pricing and billing, offline learning and audio.`,
    path: "/faq",
  });

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { siteName, supportEmail, categories } = loaderData;
  return (
    <>
      <section aria-labelledby="faq-title" className="bg-gradient-to-b from-brand-50 via-brand-50/60 to-white">
        <div className="mx-auto max-w-6xl px-6 pt-12 pb-10 text-center md:pt-16 md:pb-12 lg:px-8">
          <p className="text-sm font-bold tracking-wider text-accent-700 uppercase">Help Center</p>
          <h1 id="faq-title" className="mt-3 text-4xl leading-tight font-extrabold text-ink sm:text-5xl">
            Frequently Asked Questions
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-muted">
            Quick answers about {siteName}, your account, Premium and the app. Can't find what you're looking for? We're
            happy to help.
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-6 pb-16 md:pb-24 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-14 lg:px-8">
        <nav aria-label="FAQ categories" className="min-w-0 lg:sticky lg:top-28 lg:self-start">
          <p className="mb-3 hidden text-sm font-bold tracking-wider text-muted uppercase lg:block">
            Categories
          </p>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:-mx-3 lg:grid-cols-1 lg:gap-1">
            {categories.map((category) => {
              const Icon = faqCategoryIcons[category.id];
              return (
                <li key={category.id}>
                  <a
                    href={`#${faqSectionId(category.id)}`}
                    className="flex items-center gap-2.5 rounded-xl border border-brand-100 bg-white px-3 py-2.5 text-sm font-semibold text-ink transition-colors hover:border-brand-200 hover:bg-brand-50 lg:border-transparent lg:text-[0.95rem]"
                  >
                    <Icon className="size-4 shrink-0 text-brand-700" aria-hidden />
                    {category.title}
                    <span className="ml-auto rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-800 tabular-nums">
                      <span className="sr-only">(</span>
                      {category.items.length}
                      <span className="sr-only"> questions)</span>
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="min-w-0">
          <FaqAccordion categories={categories} supportEmail={supportEmail} />

          <section
            aria-labelledby="faq-contact"
            className="relative mt-16 overflow-hidden rounded-card bg-gradient-to-br from-brand-800 to-brand-700 p-6 text-white shadow-card sm:p-10"
          >
            <div
              aria-hidden
              className="pointer-events-none absolute -top-16 -right-16 size-56 rounded-full bg-brand-400/40 blur-2xl"
            />
            <div className="relative flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
              <div className="flex gap-4">
                <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-white/15 sm:flex">
                  <MessageCircle className="size-6" aria-hidden />
                </span>
                <div>
                  <h2 id="faq-contact" className="text-2xl font-bold">
                    Still have questions?
                  </h2>
                  <p className="mt-2 max-w-md leading-relaxed text-brand-100">
                    Send us a message and our team will get back to you, or email us directly.
                  </p>
                </div>
              </div>
              <div className="flex shrink-0 flex-col gap-3 sm:flex-row md:flex-col">
                <Button asChild variant="outlineBorderless">
                  <Link to="/support">Contact Us</Link>
                </Button>
                <Button asChild variant="ghostOnDark" className="ring-1 ring-white/40">
                  <a href={`mailto:${supportEmail}`}>
                    <Mail aria-hidden />
                    {supportEmail}
                  </a>
                </Button>
              </div>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
