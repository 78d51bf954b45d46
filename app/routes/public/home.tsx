import { ArrowRight, BookOpenCheck, Download, Headphones, Sparkles, WifiOff } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { BlogCard } from "#app/components/blog-card.tsx";
import { CardGrid } from "#app/components/card-grid.tsx";
import { LanguageCard } from "#app/components/catalog-cards.tsx";
import { Container, EmptyState } from "#app/components/page-header.tsx";
import { StoreButtons } from "#app/components/store-buttons.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ImageWithFallback } from "#app/components/ui/image-with-fallback.tsx";
import { seo } from "#app/lib/seo.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/home";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const [settings, catalog, posts] = await Promise.all([runtime.settings.get(), runtime.catalog(), runtime.latestPosts()]);
  return {
    siteName: runtime.env.SITE_NAME,
    heroImage: settings.hero_image,
    appScreenshot: settings.app_screenshot,
    appStoreLink: settings.app_store_link,
    playStoreLink: settings.play_store_link,
    about: [
      { title: settings.about_title, content: settings.about_content },
      { title: settings.who_we_are_title, content: settings.who_we_are_content },
      { title: settings.how_it_works_title, content: settings.how_it_works_content },
    ].filter((section) => section.title || section.content),
    languages: catalog.languages,
    posts,
  };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/home", args);

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Learn Languages The Practical Way",
    description:
      "Learn practical everyday phrases in Spanish, French, Italian, German, Japanese, Mandarin Chinese, Portuguese and Russian, with native-speaker audio.",
    path: "/",
  });

const aboutIcons = [Sparkles, BookOpenCheck, Headphones];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { siteName, languages, about, posts } = loaderData;
  return (
    <>
      <Hero heroImage={loaderData.heroImage} />

      <section aria-labelledby="languages-title" className="py-16 md:py-20">
        <Container>
          <p className="text-sm font-bold tracking-widest text-accent-600 uppercase">Let's Learn!</p>
          <h2 id="languages-title" className="mt-2 text-3xl font-extrabold text-ink md:text-4xl">
            Choose Your Preferred Language
          </h2>
          <div className="mt-8">
            {languages.length === 0 ? (
              <EmptyState message="No languages available yet. Check back soon!" />
            ) : (
              <CardGrid label="Languages">
                {languages.map((language) => (
                  <LanguageCard key={language.id} language={language} headingLevel={3} />
                ))}
              </CardGrid>
            )}
          </div>
        </Container>
      </section>

      {about.length > 0 ? (
        <section aria-label={`About ${siteName}`} className="bg-brand-50 py-16 md:py-20">
          <Container className="grid gap-6 md:grid-cols-3">
            {about.map((section, index) => {
              const Icon = aboutIcons[index] ?? Sparkles;
              return (
                <article key={index} className="rounded-[var(--radius-card)] bg-white p-7 shadow-[var(--shadow-card)]">
                  <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <h2 className="mt-5 text-xl font-bold text-ink">{section.title}</h2>
                  <p className="mt-3 leading-relaxed whitespace-pre-line text-muted">{section.content}</p>
                </article>
              );
            })}
          </Container>
        </section>
      ) : null}

      <section aria-labelledby="download-title" className="py-16 md:py-20">
        <Container>
          <div className="grid items-center gap-10 overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-800 to-brand-950 px-6 py-10 text-white md:grid-cols-[1.2fr_1fr] md:px-12 md:py-14">
            <div>
              <h2 id="download-title" className="text-3xl font-extrabold md:text-4xl">
                Take {siteName} everywhere
              </h2>
              <p className="mt-4 max-w-lg text-lg text-brand-100">
                Learn offline on the train, track your progress with personalized recommendations, and replay
                native-speaker audio as often as you like.
              </p>
              <ul className="mt-6 space-y-2 text-brand-50">
                <li className="flex items-center gap-2">
                  <WifiOff className="size-5 text-accent-200" aria-hidden /> Offline learning
                </li>
                <li className="flex items-center gap-2">
                  <Headphones className="size-5 text-accent-200" aria-hidden /> Native-speaker audio pronunciations
                </li>
              </ul>
              <div className="mt-8">
                {loaderData.appStoreLink || loaderData.playStoreLink ? (
                  <StoreButtons appStoreLink={loaderData.appStoreLink} playStoreLink={loaderData.playStoreLink} />
                ) : (
                  <Button asChild variant="accent" size="lg">
                    <Link to="/download">
                      <Download aria-hidden />
                      Download App
                    </Link>
                  </Button>
                )}
              </div>
            </div>
            <ImageWithFallback
              src={loaderData.appScreenshot ?? undefined}
              fallback="/images/app-screenshot.svg"
              alt={`The ${siteName} app showing a lesson with audio`}
              width={390}
              height={800}
              loading="lazy"
              // A fixed height (the width follows from the attributes' ratio) reserves the box before the lazy
              // image arrives, so the page does not jump when it does.
              className="mx-auto h-[26rem] w-auto max-w-full object-contain drop-shadow-2xl"
            />
          </div>
        </Container>
      </section>

      {posts.length > 0 ? (
        <section aria-labelledby="blog-title" className="pb-20">
          <Container>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <h2 id="blog-title" className="text-3xl font-extrabold text-ink">
                From the Blog
              </h2>
              <Link to="/blog" className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-900">
                View All Blog Posts
                <ArrowRight className="size-4" aria-hidden />
              </Link>
            </div>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {posts.map((post) => (
                <BlogCard key={post.id} post={post} />
              ))}
            </ul>
          </Container>
        </section>
      ) : null}
    </>
  );
}

function Hero({ heroImage }: { heroImage: string | null }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-brand-50/60 to-white">
      <div aria-hidden className="pointer-events-none absolute -top-40 -right-32 size-[32rem] rounded-full bg-brand-200/50 blur-3xl" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-6 pt-10 pb-16 md:grid-cols-2 md:pt-16 md:pb-24 lg:px-8">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
            <span className="size-2 rounded-full bg-accent-500" aria-hidden />
            Join over 10,000 language learners
          </p>
          <h1 className="text-4xl leading-[1.08] font-extrabold text-ink sm:text-5xl lg:text-6xl">
            Learn Languages The <span className="text-brand-700">Practical</span> Way
          </h1>
          <p className="mt-5 max-w-lg text-lg leading-relaxed text-muted">
            Everyday phrases you will actually use, spoken by native speakers. Short lessons, real situations, and an
            app that works offline.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/languages">
                Start Learning
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/download">
                <Download aria-hidden />
                Download App
              </Link>
            </Button>
          </div>
        </div>
        <ImageWithFallback
          src={heroImage ?? undefined}
          alt="Learners practicing everyday phrases with native-speaker audio"
          width={1200}
          height={900}
          fetchPriority="high"
          className="aspect-[4/3] w-full rounded-[2rem] object-cover"
        />
      </div>
    </section>
  );
}
