import { data, redirect, useLocation } from "react-router";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { CardGrid } from "#app/components/card-grid.tsx";
import { LessonCard } from "#app/components/catalog-cards.tsx";
import { LockedPreviewBand } from "#app/components/locked-badge.tsx";
import { OfflineSlot } from "#app/components/offline/offline-slot.tsx";
import { CatalogNotFound, Container, EmptyState, PageHeader } from "#app/components/page-header.tsx";
import { levelHref } from "#common/catalog.ts";
import { seo } from "#app/lib/seo.ts";
import { openLevelFor } from "#server/catalog/admin-preview.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { useViewerProgress } from "#app/lib/viewer.ts";
import type { Route } from "./+types/level";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

/** The same page for everyone; a learner's completed lessons come from /api/viewer (app/lib/viewer.ts). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const catalog = await runtime.catalog();
  const access = await openLevelFor(request, context, catalog, params.language, params.level);
  // A locked level is never rendered for a learner. The redirect takes the place of the locked address in the
  // history, so Back returns to the page the visitor came from (SPEC §2 "replacing history"). An admin previews it.
  if (access.kind === "locked") throw redirect(access.redirectTo);
  if (access.kind === "missing") return data({ found: false as const }, { status: 404 });
  return { found: true as const, language: access.language, level: access.level, lessons: access.lessons, lockedForLearners: access.lockedForLearners };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/level", args);

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  loaderData?.found
    ? seo(matches, {
        title: `${loaderData.language.name} ${loaderData.level.title} (${loaderData.level.cefrLabel}) Lessons`,
        description: `${loaderData.lessons.length} ${loaderData.language.name} lessons at ${loaderData.level.cefrLabel} level: everyday phrases with native-speaker audio.`,
        path: levelHref(params.language, params.level),
      })
    : seo(matches, { title: "Level not found", description: "This level doesn't exist.", path: levelHref(params.language, params.level), noindex: true });

export default function Level({ loaderData }: Route.ComponentProps) {
  const progress = useViewerProgress(useLocation().pathname);
  if (!loaderData.found) {
    return <CatalogNotFound title="Level not found" message="The language or level you're looking for doesn't exist." />;
  }
  const { language, level, lessons, lockedForLearners } = loaderData;
  const completed = new Set(progress?.completedLessons ?? []);
  return (
    <>
      <PageHeader
        title="Lessons"
        eyebrow={
          <span className="flex flex-wrap items-center gap-2.5">
            <span className="rounded-md bg-brand-700 px-2.5 py-1 text-sm font-bold tracking-wide text-white">{level.cefrLabel}</span>
            <span className="text-base font-semibold text-brand-800">
              {language.name} · {level.title}
            </span>
          </span>
        }
      >
        <Breadcrumbs
          back={`/${language.id}`}
          items={[
            { label: "Languages", to: "/languages" },
            { label: language.name, to: `/${language.id}` },
          ]}
        />
      </PageHeader>
      <Container className="pb-16">
        {lockedForLearners ? <LockedPreviewBand kind="level" className="mb-6" /> : null}
        {lessons.length === 0 ? (
          <EmptyState message="No lessons available for this level yet. Check back soon!" />
        ) : (
          <>
            {lockedForLearners ? null : <OfflineSlot className="mb-6" level={{ languageId: language.id, levelId: level.id, lessons }} />}
            <CardGrid label="Lessons" columns={3}>
              {lessons.map((lesson) => (
                <LessonCard key={lesson.id} lesson={lesson} completed={completed.has(lesson.id)} preview={lockedForLearners} />
              ))}
            </CardGrid>
          </>
        )}
      </Container>
    </>
  );
}
