import { CircleCheck, Download, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { lessonHref } from "#common/catalog.ts";
import { formatBytes, isDownloaded, offlineSupported, type LessonRef } from "#app/lib/offline/download-index.ts";
import type { DownloadProgress } from "#app/lib/offline/downloads.ts";

type State =
  | { kind: "checking" }
  | { kind: "idle" }
  | { kind: "downloading"; progress: DownloadProgress | null }
  | { kind: "downloaded"; bytes: number | null; used: number | null }
  | { kind: "failed" };

const loadDownloads = () => import("#app/lib/offline/downloads.ts");

interface Target {
  /** For the button: "Download lesson for offline". */
  noun: "lesson" | "level";
  refs: LessonRef[];
}

export function LessonDownload({ lesson }: { lesson: LessonRef }) {
  return <DownloadPanel target={{ noun: "lesson", refs: [lesson] }} />;
}

export function LevelDownload({ level }: { level: { languageId: string; levelId: string; lessons: { id: string; isLocked: boolean }[] } }) {
  // Locked lessons are never offered: the server would refuse them anyway.
  const refs = level.lessons.filter((l) => !l.isLocked).map((l) => ({ languageId: level.languageId, levelId: level.levelId, lessonId: l.id }));
  if (refs.length === 0) return null;
  return <DownloadPanel target={{ noun: "level", refs }} />;
}

function DownloadPanel({ target }: { target: Target }) {
  const [state, setState] = useState<State>({ kind: "checking" });
  const key = target.refs.map((r) => `${r.languageId}/${r.levelId}/${r.lessonId}`).join(",");

  const showDownloaded = useCallback(async () => {
    const { listDownloadRecords, storageUsed } = await loadDownloads();
    const paths = new Set(target.refs.map((r) => lessonHref(r.languageId, r.levelId, r.lessonId)));
    const records = (await listDownloadRecords()).filter((r) => paths.has(lessonHref(r.languageId, r.levelId, r.lessonId)));
    setState({ kind: "downloaded", bytes: records.reduce((sum, r) => sum + r.bytes, 0), used: await storageUsed() });
    // `key` stands for the refs: the same lessons give the same key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    let live = true;
    Promise.all(target.refs.map(isDownloaded))
      .then((done) => {
        if (!live) return;
        if (done.every(Boolean)) void showDownloaded();
        else setState({ kind: "idle" });
      })
      .catch(() => live && setState({ kind: "idle" }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, showDownloaded]);

  if (!offlineSupported() || state.kind === "checking") return null;

  const download = async () => {
    setState({ kind: "downloading", progress: null });
    try {
      const { downloadLesson } = await loadDownloads();
      const total: DownloadProgress = { filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 };
      for (const ref of target.refs) {
        const before = { ...total };
        await downloadLesson(ref, (p) => {
          Object.assign(total, {
            filesDone: before.filesDone + p.filesDone,
            filesTotal: before.filesTotal + p.filesTotal,
            bytesDone: before.bytesDone + p.bytesDone,
            bytesTotal: before.bytesTotal + p.bytesTotal,
          });
          setState({ kind: "downloading", progress: { ...total } });
        });
      }
      await showDownloaded();
    } catch (error) {
      console.warn("Offline download failed", error);
      setState({ kind: "failed" });
    }
  };

  const remove = async () => {
    const { removeDownload } = await loadDownloads();
    for (const ref of target.refs) await removeDownload(lessonHref(ref.languageId, ref.levelId, ref.lessonId));
    setState({ kind: "idle" });
  };

  const label = target.noun === "lesson" ? "Download for offline" : "Download level for offline";
  return (
    <div className="flex flex-wrap items-center gap-3" data-offline-state={state.kind}>
      {state.kind === "downloaded" ? (
        <>
          <p className="flex items-center gap-2 font-semibold text-brand-800" role="status">
            <CircleCheck className="size-5" aria-hidden />
            {target.noun === "lesson" ? "Downloaded for offline" : "Level downloaded for offline"}
          </p>
          <span className="text-sm text-muted">
            {state.bytes !== null ? formatBytes(state.bytes) : null}
            {state.used !== null ? ` · ${formatBytes(state.used)} used on this device` : null}
          </span>
          <Button variant="ghostDanger" size="sm" onClick={() => void remove()}>
            <Trash2 className="size-4" aria-hidden />
            Remove download
          </Button>
        </>
      ) : state.kind === "downloading" ? (
        <p role="status" className="text-sm font-medium text-brand-800">
          {state.progress
            ? `Downloading… ${state.progress.filesDone} of ${state.progress.filesTotal} files, ${formatBytes(state.progress.bytesDone)} of ${formatBytes(state.progress.bytesTotal)}`
            : "Preparing download…"}
        </p>
      ) : (
        <>
          <Button variant="outline" size="sm" onClick={() => void download()}>
            <Download className="size-4" aria-hidden />
            {label}
          </Button>
          {state.kind === "failed" ? (
            <p role="alert" className="text-sm text-red-700">
              The download didn't finish. Check your connection and try again.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
