import { lazy, Suspense, useEffect } from "react";
import { FavoritePlaceholder, LessonProgress } from "#app/components/lesson-progress.tsx";
import { AppPromo } from "#app/components/app-promo.tsx";
import { LockedPreviewBand } from "#app/components/locked-badge.tsx";
import { OfflineSlot } from "#app/components/offline/offline-slot.tsx";
import { NextStepLink } from "#app/components/lesson-next.tsx";
import { LessonPlayer } from "#app/components/lesson-player.tsx";
import { RecordButton } from "#app/components/recorder/record-button.tsx";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { CatalogNotFound, Container, EmptyState, PageHeader } from "#app/components/page-header.tsx";
import { usePathname } from "#app/lib/page-router.tsx";
import { useViewerProgress } from "#app/lib/viewer.ts";
import { lessonHref, levelHref, type AudioGroup, type LanguageSummary, type LessonSummary, type LevelSummary } from "#common/catalog.ts";
import type { LessonNext } from "#common/lesson-flow.ts";
import { SIGNED_IN_ATTRIBUTE } from "#common/viewer.ts";

/** What the lesson route's loader gives its page (routes/public/lesson.tsx), and the lesson document its islands. */
export type LessonPageData =
  | { found: false }
  | {
      found: true;
      siteName: string;
      language: LanguageSummary;
      level: LevelSummary;
      lesson: LessonSummary;
      groups: AudioGroup[];
      lockedForLearners: boolean;
      next: LessonNext | null;
      promo: { appStoreLink: string | null; playStoreLink: string | null };
    };

// A signed-in learner's controls (the progress card, favourite buttons): a visitor never loads them. A learner's
// page starts loading them as it hydrates, while their own state is on its way (the placeholders show meanwhile).
const loadLearner = () => import("#app/components/lesson-learner.tsx");
const LearnerProgress = lazy(() => loadLearner().then((m) => ({ default: m.LearnerProgress })));
const PhraseFavoriteButton = lazy(() => loadLearner().then((m) => ({ default: m.PhraseFavoriteButton })));

/**
 * The lesson page, the same for everyone: a learner's completion and favourites come from the viewer
 * (docs/decisions/008-shared-pages-private-viewer.md).
 */
export function LessonPage({ data: loaderData }: { data: LessonPageData }) {
  const progress = useViewerProgress(usePathname());
  useEffect(() => {
    if (document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE)) void loadLearner();
  }, []);
  if (!loaderData.found) {
    return <CatalogNotFound title="Lesson not found" message="The lesson you're looking for doesn't exist." />;
  }
  const { language, level, lesson, groups, next, promo, siteName, lockedForLearners } = loaderData;
  const signInHref = `/auth?redirectTo=${encodeURIComponent(lessonHref(language.id, level.id, lesson.id))}`;
  // An admin's preview of a locked lesson: no progress, favourites or download, which learners cannot have here.
  const learner = !lockedForLearners && progress && { completed: progress.completedLessons.includes(lesson.id), favorites: new Set(progress.favorites) };
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
        {lockedForLearners ? (
          <LockedPreviewBand kind="lesson" />
        ) : (
          <OfflineSlot lesson={{ languageId: language.id, levelId: level.id, lessonId: lesson.id }} />
        )}
        {lockedForLearners ? null : learner ? (
          <Suspense fallback={<LessonProgress signInHref={signInHref} />}>
            <LearnerProgress completed={learner.completed} next={next} />
          </Suspense>
        ) : (
          <LessonProgress signInHref={signInHref} />
        )}
        {groups.length === 0 ? (
          <EmptyState message="No phrases available for this lesson yet. Check back soon!" />
        ) : (
          <LessonPlayer
            groups={groups}
            renderPhraseActions={(phrase) => (
              <>
                <RecordButton phrase={{ phraseId: phrase.id, original: phrase.original, audioUrl: phrase.audioUrl ?? "", cue: phrase.cue }} />
                {learner ? (
                  <Suspense fallback={<FavoritePlaceholder />}>
                    <PhraseFavoriteButton phrase={phrase} saved={learner.favorites.has(phrase.id)} />
                  </Suspense>
                ) : (
                  <FavoritePlaceholder />
                )}
              </>
            )}
          />
        )}
        {next ? <NextStepLink next={next} /> : null}
        <AppPromo siteName={siteName} appStoreLink={promo.appStoreLink} playStoreLink={promo.playStoreLink} />
      </Container>
    </>
  );
}
