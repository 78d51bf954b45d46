import { ChevronRight } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { LockedBadge } from "#app/components/locked-badge.tsx";
import { ImageWithFallback } from "#app/components/ui/image-with-fallback.tsx";
import {
  countLabel,
  lessonHref,
  levelHref,
  lockedContentHref,
  type LanguageSummary,
  type LessonSummary,
  type LevelSummary,
} from "#common/catalog.ts";
import { cn } from "#app/lib/cn.ts";

const cardShape =
  "group relative flex h-full rounded-[var(--radius-card)] border border-brand-100 bg-white shadow-[var(--shadow-card)] transition-[box-shadow,transform,border-color] duration-200 hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-[var(--shadow-card-hover)]";
/** What a level or lesson without an icon of its own shows, here and in the admin's lists. */
export const defaultIcons = { level: "/images/level-icon.svg", lesson: "/images/lesson-icon.svg" } as const;

/** A row: icon or image, text, chevron. */
const cardClass = cn(cardShape, "items-center gap-4 p-5");
/** A language: the flag above the name. */
const languageCardClass = cn(cardShape, "flex-col items-start gap-5 p-6");

/** Card titles are h2 under a page's h1, or h3 under a section's h2 (the home page). */
export function LanguageCard({ language, headingLevel = 2 }: { language: LanguageSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li>
      <Link to={`/${encodeURIComponent(language.id)}`} className={languageCardClass}>
        <ImageWithFallback
          src={language.flagUrl || undefined}
          alt=""
          width={60}
          height={40}
          loading="lazy"
          className="h-12 w-18 rounded-lg object-cover shadow-sm ring-1 ring-black/5"
        />
        <div className="flex w-full items-end justify-between gap-3">
          <div>
            <Heading className="text-xl font-bold text-ink">{language.name}</Heading>
            <p className="mt-1 text-sm font-medium text-muted">{countLabel(language.levelCount, "Level")}</p>
          </div>
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-700 group-hover:text-white">
            <ChevronRight className="size-5" aria-hidden />
          </span>
        </div>
      </Link>
    </li>
  );
}

function Icon({ src, fallback }: { src: string; fallback: string }) {
  return (
    <ImageWithFallback
      src={src || fallback}
      fallback={fallback}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="size-12 shrink-0 rounded-xl object-cover"
    />
  );
}

export function LevelCard({ level }: { level: LevelSummary }) {
  const href = level.isLocked
    ? lockedContentHref({ type: "level", languageId: level.languageId, levelId: level.id })
    : levelHref(level.languageId, level.id);
  return (
    <li>
      <Link to={href} className={cardClass}>
        <Icon src={level.iconUrl} fallback={defaultIcons.level} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-md bg-brand-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white">{level.cefrLabel}</span>
            {level.isLocked ? <LockedBadge /> : null}
          </div>
          <h2 className="mt-1.5 text-lg font-bold break-words text-ink">{level.title}</h2>
          <p className="text-sm font-medium text-muted">{countLabel(level.lessonCount, "Lesson")}</p>
        </div>
        <ChevronRight className="size-5 shrink-0 text-brand-400 transition-transform group-hover:translate-x-0.5" aria-hidden />
      </Link>
    </li>
  );
}

/** `preview`: an admin's view of a locked level, where a locked lesson opens as their preview too. */
export function LessonCard({ lesson, completed, preview }: { lesson: LessonSummary; completed?: boolean; preview?: boolean }) {
  const href = lesson.isLocked && !preview
    ? lockedContentHref({ type: "lesson", languageId: lesson.languageId, levelId: lesson.levelId, lessonId: lesson.id })
    : lessonHref(lesson.languageId, lesson.levelId, lesson.id);
  return (
    <li>
      <Link to={href} className={cardClass}>
        <Icon src={lesson.iconUrl} fallback={defaultIcons.lesson} />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-bold break-words text-ink">{lesson.title}</h2>
          <p className="truncate text-[0.95rem] text-brand-800">{lesson.translatedTitle}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium text-muted">{countLabel(lesson.phraseCount, "Phrase")}</span>
            {lesson.isLocked ? <LockedBadge /> : null}
            {completed ? (
              <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-bold text-emerald-800 ring-1 ring-emerald-200">
                Completed
              </span>
            ) : null}
          </div>
        </div>
        <ChevronRight className="size-5 shrink-0 text-brand-400 transition-transform group-hover:translate-x-0.5" aria-hidden />
      </Link>
    </li>
  );
}
