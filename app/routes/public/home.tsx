import { ArrowRight, Download } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ImageWithFallback } from "#app/components/ui/image-with-fallback.tsx";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const settings = await runtime.settings.get();
  return { siteName: runtime.env.SITE_NAME, heroImage: settings.hero_image };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.siteName} | Learn Languages The Practical Way` },
  {
    name: "description",
    content:
      "Learn practical everyday phrases in Spanish, French, Italian, German, Japanese, Mandarin Chinese, Portuguese and Russian, with native-speaker audio.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-brand-50/60 to-white">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 -right-32 size-[32rem] rounded-full bg-brand-200/50 blur-3xl"
      />
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
        <div className="relative">
          <ImageWithFallback
            src={loaderData.heroImage ?? undefined}
            alt="Learners practising everyday phrases with native-speaker audio"
            width={1200}
            height={900}
            fetchPriority="high"
            className="aspect-[4/3] w-full rounded-[2rem] object-cover"
          />
        </div>
      </div>
    </section>
  );
}
