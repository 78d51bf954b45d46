import { ArrowLeft, BarChart3, Check, Layers, Lock, Mic, WifiOff } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { StoreButtons } from "#app/components/store-buttons.tsx";
import { Container } from "#app/components/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ImageWithFallback } from "#app/components/ui/image-with-fallback.tsx";
import { levelHref } from "#common/catalog.ts";
import { seo } from "#app/lib/seo.ts";
import { findLanguage, findLevel, lessonsOf } from "#server/catalog/public-catalog.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/locked-content";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

/** Resolves the query of SPEC §2 (type, id, languageId, levelId) to what the page may show about the item. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const [catalog, settings] = await Promise.all([runtime.catalog(), runtime.settings.get()]);
  const query = new URL(request.url).searchParams;
  const type = query.get("type");
  const id = query.get("id") ?? "";
  const languageId = query.get("languageId") ?? "";
  const levelId = query.get("levelId") ?? "";
  const language = findLanguage(catalog, languageId);

  let item: { title: string; description: string; icon: string } | null = null;
  let back = "/languages";
  if (type === "level" && language) {
    const level = findLevel(catalog, languageId, id);
    if (level) item = { title: level.title, description: `${language.name} • ${level.cefrLabel}`, icon: level.iconUrl || "/images/level-icon.svg" };
    back = `/${languageId}`;
  } else if (type === "lesson" && language) {
    const level = findLevel(catalog, languageId, levelId);
    const lesson = level && lessonsOf(catalog, languageId, levelId).find((l) => l.id === id);
    if (lesson && level) {
      item = { title: lesson.title, description: lesson.translatedTitle, icon: lesson.iconUrl || "/images/lesson-icon.svg" };
    }
    if (level) back = levelHref(languageId, levelId);
  }
  return {
    item,
    back,
    siteName: runtime.env.SITE_NAME,
    appStoreLink: settings.app_store_link,
    playStoreLink: settings.play_store_link,
  };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/locked-content", args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(matches, {
    title: loaderData?.item ? `Unlock ${loaderData.item.title}` : "Premium Content",
    description: "Unlock every lesson and level, offline learning and progress tracking in the app.",
    path: "/locked-content",
    noindex: true,
  });

const benefits = [
  { icon: Layers, text: "All lessons and levels, including premium content" },
  { icon: WifiOff, text: "Offline learning, wherever you are" },
  { icon: BarChart3, text: "Progress tracking and personal goals" },
  { icon: Mic, text: "Pronunciation practice with native-speaker audio" },
];

export default function LockedContent({ loaderData }: Route.ComponentProps) {
  const { item, back, siteName, appStoreLink, playStoreLink } = loaderData;
  const hasStore = Boolean(appStoreLink || playStoreLink);
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-10 md:py-16">
        <Button asChild variant="outline" size="sm">
          <Link to={back}>
            <ArrowLeft aria-hidden />
            Back
          </Link>
        </Button>
        <div className="mx-auto mt-8 max-w-2xl rounded-[2rem] border border-brand-100 bg-white p-6 text-center shadow-[var(--shadow-card)] md:p-10">
          <div className="relative mx-auto w-fit">
            <ImageWithFallback
              src={item?.icon ?? "/images/lesson-icon.svg"}
              fallback="/images/lesson-icon.svg"
              alt=""
              width={80}
              height={80}
              className="size-20 rounded-2xl object-cover"
            />
            <span className="absolute -right-2 -bottom-2 inline-flex size-9 items-center justify-center rounded-full bg-accent-500 text-white ring-4 ring-white">
              <Lock className="size-4" aria-hidden />
            </span>
          </div>
          <h1 className="mt-6 text-3xl font-extrabold text-ink">{item?.title ?? "Premium Content"}</h1>
          <p className="mt-2 text-lg font-medium text-brand-800">{item?.description ?? "Get This Content Free"}</p>
          <p className="mt-4 text-muted">
            This content is available in the {siteName} app. Download it to unlock everything:
          </p>
          <ul className="mx-auto mt-6 max-w-md space-y-3 text-left">
            {benefits.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 rounded-xl bg-brand-50 px-4 py-3">
                <Icon className="size-5 shrink-0 text-brand-700" aria-hidden />
                <span className="font-medium text-ink">{text}</span>
                <Check className="ml-auto size-4 shrink-0 text-emerald-700" aria-hidden />
              </li>
            ))}
          </ul>
          <div className="mt-8 flex justify-center">
            {hasStore ? (
              <StoreButtons appStoreLink={appStoreLink} playStoreLink={playStoreLink} className="justify-center" />
            ) : (
              <Button asChild size="lg">
                <Link to="/download">Learn More</Link>
              </Button>
            )}
          </div>
        </div>
      </Container>
    </div>
  );
}
