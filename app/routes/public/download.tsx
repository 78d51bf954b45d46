import { ArrowRight, Clock, Smartphone, Sparkles, Volume2, WifiOff, type LucideIcon } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { StoreButtons } from "#app/components/store-buttons.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ImageWithFallback } from "#app/components/ui/image-with-fallback.tsx";
import { seo } from "#app/lib/seo.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/download";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

const SCREENSHOT_FALLBACK = "/images/app-screenshot.svg";

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const settings = await runtime.settings.get();
  return {
    siteName: runtime.env.SITE_NAME,
    appScreenshot: settings.app_screenshot,
    appStoreLink: settings.app_store_link,
    playStoreLink: settings.play_store_link,
  };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/download", args);

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: `Download the ${loaderData.siteName} App`,
    description: `Get the ${loaderData.siteName} app for iPhone and Android: learn practical everyday phrases offline, with personalized recommendations and native-speaker audio pronunciations.`,
    path: "/download",
    image: loaderData.appScreenshot,
  });

interface Benefit {
  title: string;
  description: string;
  icon: LucideIcon;
}

const benefits: Benefit[] = [
  {
    title: "Learn Offline",
    description: "Download your lessons and keep practicing on a plane, on the subway or anywhere without a connection.",
    icon: WifiOff,
  },
  {
    title: "Personalized Learning",
    description: "Track your progress and get recommendations based on the lessons you have already completed.",
    icon: Sparkles,
  },
  {
    title: "Audio Pronunciations",
    description: "Hear every phrase spoken by a native speaker and replay it until it sounds natural to you.",
    icon: Volume2,
  },
];

export default function Download({ loaderData }: Route.ComponentProps) {
  const { siteName, appScreenshot, appStoreLink, playStoreLink } = loaderData;
  const hasStoreLinks = Boolean(appStoreLink || playStoreLink);

  return (
    <section
      aria-labelledby="download-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-brand-50/60 to-white"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 -right-32 size-[32rem] rounded-full bg-brand-200/50 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute bottom-0 -left-40 size-[26rem] rounded-full bg-accent-100/60 blur-3xl"
      />

      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-6 pt-10 pb-16 md:pt-16 md:pb-24 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)] lg:gap-16 lg:px-8">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
            <Smartphone className="size-4 text-accent-600" aria-hidden />
            For iPhone and Android
          </p>
          <h1 id="download-title" className="text-4xl leading-[1.08] font-extrabold text-ink sm:text-5xl lg:text-6xl">
            {siteName} <span className="text-brand-700">App</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">
            Take practical everyday phrases wherever you go. The {siteName} app puts native-speaker audio, offline
            lessons and progress tracking in your pocket.
          </p>

          <ul className="mt-9 grid gap-4" aria-label="Why you'll love the app">
            {benefits.map(({ title, description, icon: Icon }) => (
              <li
                key={title}
                className="flex gap-4 rounded-card bg-white/80 p-4 shadow-card ring-1 ring-brand-100/70 backdrop-blur-sm sm:p-5"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-sm">
                  <Icon className="size-6" aria-hidden />
                </span>
                <div className="min-w-0">
                  <h2 className="text-lg font-bold text-ink">{title}</h2>
                  <p className="mt-1 leading-relaxed text-muted">{description}</p>
                </div>
              </li>
            ))}
          </ul>

          <div className="mt-9">
            {hasStoreLinks ? (
              <StoreButtons appStoreLink={appStoreLink} playStoreLink={playStoreLink} />
            ) : (
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
                {/* A note, not a control: no button-like box around it. */}
                <p className="inline-flex items-center gap-2 font-medium text-muted">
                  <Clock className="size-5 shrink-0 text-accent-600" aria-hidden />
                  App download links coming soon!
                </p>
                <Button asChild variant="outline">
                  <Link to="/languages">
                    Start Learning
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </div>
            )}
          </div>
        </div>

        <div className="relative mx-auto w-full max-w-[17rem] sm:max-w-sm">
          <div
            aria-hidden
            className="absolute inset-x-6 top-10 bottom-4 rounded-[3rem] bg-gradient-to-br from-brand-500 to-brand-800 opacity-90 blur-2xl"
          />
          <ImageWithFallback
            src={appScreenshot ?? undefined}
            fallback={SCREENSHOT_FALLBACK}
            alt={`Screenshot of the ${siteName} mobile app`}
            width={600}
            height={1200}
            fetchPriority="high"
            className="relative h-auto w-full rounded-[2.25rem] object-contain drop-shadow-[0_30px_45px_rgb(46_16_101/0.35)]"
          />
        </div>
      </div>
    </section>
  );
}
