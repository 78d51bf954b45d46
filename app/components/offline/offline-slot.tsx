import { lazy, Suspense } from "react";
import { cn } from "#app/lib/cn.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { LessonRef } from "#app/lib/offline/download-index.ts";

// The controls and the code behind them load after hydration, so a first visit's JavaScript does not grow.
const LessonDownload = lazy(() => import("#app/components/offline/offline-download.tsx").then((m) => ({ default: m.LessonDownload })));
const LevelDownload = lazy(() => import("#app/components/offline/offline-download.tsx").then((m) => ({ default: m.LevelDownload })));

type Props = ({ lesson: LessonRef } | { level: { languageId: string; levelId: string; lessons: { id: string; isLocked: boolean }[] } }) & {
  className?: string;
};

/**
 * Where a lesson or level page shows "Download for offline" (docs/decisions/014-offline.md). The server renders an
 * empty slot of the control's height, so nothing moves when it appears.
 */
export function OfflineSlot(props: Props) {
  const hydrated = useHydrated();
  return (
    <div className={cn("min-h-11", props.className)}>
      {hydrated ? (
        <Suspense fallback={null}>{"lesson" in props ? <LessonDownload lesson={props.lesson} /> : <LevelDownload level={props.level} />}</Suspense>
      ) : null}
    </div>
  );
}
