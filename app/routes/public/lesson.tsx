import { data, Link, replace } from "react-router";
import { AppPromo } from "#app/components/app-promo.tsx";
import { AudioCard } from "#app/components/audio-card.tsx";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { Container, EmptyState, PageHeader } from "#app/components/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { lessonHref, levelHref } from "#app/lib/catalog.ts";
import { seo } from "#app/lib/seo.ts";
import { openLesson } from "#server/catalog/public-catalog.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/lesson";

export async function loader({ params, context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const catalog = await runtime.catalog();
  const access = openLesson(catalog, params.language, params.level, params.lesson);
  // Locked content never reaches the page: no phrases, no audio URLs, only the redirect.
  if (access.kind === "locked") throw replace(access.redirectTo);
  if (access.kind === "missing") return data({ found: false as const }, { status: 404 });
  const settings = await runtime.settings.get();
  return {
    found: true as const,
    siteName: runtime.env.SITE_NAME,
    language: access.language,
    level: access.level,
    lesson: access.lesson,
    groups: access.groups,
    promo: { appStoreLink: settings.app_store_link, playStoreLink: settings.play_store_link },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const path = lessonHref(params.language, params.level, params.lesson);
  if (!loaderData?.found) return seo(matches, { title: "Lesson not found", description: "This lesson doesn't exist.", path, noindex: true });
  const { language, level, lesson, groups } = loaderData;
  const sample = groups[0]?.phrases.slice(0, 3).map((p) => p.originalText).join(" ") ?? "";
  return seo(matches, {
    title: `${lesson.title} (${lesson.translatedTitle}): ${language.name} ${level.cefrLabel}`,
    description: `Learn "${lesson.title}" in ${language.name} with native-speaker audio. ${sample}`.slice(0, 160),
    path,
  });
};

export default function Lesson({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <Container className="py-16">
        <h1 className="sr-only">Lesson not found</h1>
        <EmptyState message="The lesson you're looking for doesn't exist.">
          <Button asChild variant="outline">
            <Link to="/languages">Browse languages</Link>
          </Button>
        </EmptyState>
      </Container>
    );
  }
  const { language, level, lesson, groups, promo, siteName } = loaderData;
  return (
    <>
      <PageHeader
        title={lesson.translatedTitle}
        description={`${language.name} • ${level.title} • ${level.cefrLabel}`}
        eyebrow={<span className="text-base font-semibold text-brand-800">{lesson.title}</span>}
      >
        <Breadcrumbs
          back={levelHref(language.id, level.id)}
          items={[
            { label: "Languages", to: "/languages" },
            { label: language.name, to: `/${language.id}` },
            { label: level.title, to: levelHref(language.id, level.id) },
          ]}
        />
      </PageHeader>
      <Container className="space-y-10 pb-16">
        {groups.length === 0 ? (
          <EmptyState message="No phrases available for this lesson yet. Check back soon!" />
        ) : (
          <div className="grid gap-5 lg:grid-cols-2">
            {groups.map((group, index) => (
              <AudioCard
                key={group.audioUrl}
                audioUrl={group.audioUrl}
                title={`Audio ${index + 1}`}
                defaultOpen
                phrases={group.phrases.map((p) => ({ id: p.id, original: p.originalText, translation: p.translatedText }))}
              />
            ))}
          </div>
        )}
        <AppPromo siteName={siteName} appStoreLink={promo.appStoreLink} playStoreLink={promo.playStoreLink} />
      </Container>
    </>
  );
}
