import { AudioLines, RotateCcw, Square } from "lucide-react";
import { askNext, BatchProgress, postJson, useBatchRun, type BatchFailure, type BatchProgressText } from "#app/components/admin/batch-run.tsx";
import { EditGroupButton, type OnEditGroup } from "#app/components/admin/edit-group-button.tsx";
import { cardClasses } from "#app/components/admin/catalog-ui.tsx";
import { useIsDisplayable } from "#app/components/admin/media-origins.ts";
import { Button } from "#app/components/ui/button.tsx";
import { loadDecodedAudio } from "#app/lib/decoded-audio.ts";
import {
  CUE_BACKFILL_API,
  cueBackfillText as text,
  cueGroupLabel,
  MAX_CUE_SKIPPED,
  type CueBackfillAnswer,
  type CueBackfillGroup,
} from "#common/audio-cues/cue-backfill.ts";
import { splitAtPauses, type Cue } from "#common/audio-cues/split-at-pauses.ts";

/**
 * The Phrases tab's "Audio cues" section (issue 23, point 1, "Existing installations"): gives every group saved
 * before cues existed its cues. The server cannot decode audio, the admin's browser can: the loop asks the server for
 * the next group, decodes and splits its audio here, and sends the cues back, one group per request, like the audio
 * backfill. Groups it cannot split are listed, each with a button that opens it in the phrase dialog.
 */

/** The group's cues, or why there are none: decoding and splitting happen here, in the browser. */
async function findCues(group: CueBackfillGroup, displayable: (url: string) => boolean): Promise<{ cues: Cue[] } | { message: string }> {
  if (!displayable(group.audioUrl)) return { message: text.notHere };
  let audio;
  try {
    audio = await loadDecodedAudio(group.audioUrl);
  } catch {
    return { message: text.loadFailed };
  }
  const result = splitAtPauses(audio.samples, audio.sampleRate, group.phraseIds.length);
  return result.ok ? { cues: result.cues } : { message: text.splitFailed(result) };
}

function useFindAll() {
  const displayable = useIsDisplayable();
  return useBatchRun<CueBackfillGroup>({
    maxSkipped: MAX_CUE_SKIPPED,
    next: (skip, signal) => askNext(CUE_BACKFILL_API, { intent: "next", skip: skip.map((group) => group.phraseIds[0]) }, signal),
    process: async (group, signal) => {
      const found = await findCues(group, displayable);
      if ("message" in found) return found.message;
      const saved = await postJson<CueBackfillAnswer>(CUE_BACKFILL_API, { intent: "save", audioUrl: group.audioUrl, phraseIds: group.phraseIds, cues: found.cues }, signal);
      if ("error" in saved) return saved.error;
      return saved.intent === "save" && saved.status === "changed" ? text.changed : null;
    },
  });
}

const progressText: BatchProgressText = {
  label: text.progressLabel,
  progress: text.progress,
  starting: text.starting,
  now: text.now,
  stopping: text.stopping,
  stopped: text.stopped,
  finished: (failed, total) => (total === 0 ? text.none : failed > 0 ? text.finishedWithFailures(failed) : text.finished),
};

export function CueBackfill({ onEdit }: { onEdit: OnEditGroup }) {
  const { state, failures, run, requestStop } = useFindAll();
  const running = state.phase === "running";
  return (
    <section aria-labelledby="cue-backfill-title" className={`${cardClasses} space-y-3 p-4 sm:p-5`} data-testid="cue-backfill">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2 id="cue-backfill-title" className="flex items-center gap-2 text-lg font-bold text-ink">
            <AudioLines className="size-5 text-brand-700" aria-hidden />
            {text.title}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{text.description}</p>
        </div>
        {running ? (
          <Button type="button" variant="outline" size="sm" onClick={requestStop} disabled={state.stopping}>
            <Square aria-hidden />
            {text.stop}
          </Button>
        ) : (
          <Button type="button" variant="outline" size="sm" onClick={() => void run()}>
            <AudioLines aria-hidden />
            {state.phase === "stopped" ? text.resume : text.start}
          </Button>
        )}
      </div>
      {state.phase !== "idle" ? (
        <BatchProgress state={state} failed={failures.length} text={progressText} groupLabel={cueGroupLabel} testId="cue-backfill-progress" />
      ) : null}
      {failures.length > 0 ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-3 sm:p-4">
          <h3 className="font-semibold text-red-900">{text.failuresTitle}</h3>
          <ul className="mt-2 space-y-2 text-sm text-red-900" aria-label={text.failuresTitle}>
            {failures.map((f) => (
              <FailureItem key={f.group.phraseIds[0]} failure={f} onEdit={onEdit} />
            ))}
          </ul>
          {!running ? (
            <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void run()}>
              <RotateCcw aria-hidden />
              {text.retry}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** A group the loop could not split, and a button that loads its lesson's groups and opens it in the phrase dialog. */
function FailureItem({ failure, onEdit }: { failure: BatchFailure<CueBackfillGroup>; onEdit: OnEditGroup }) {
  const { group, message } = failure;
  const label = cueGroupLabel(group);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1" data-cue-failure>
      <p className="min-w-0 flex-1 basis-64 break-words">
        <span className="font-medium">{label}</span> (“{group.firstText}”): {message}
      </p>
      <EditGroupButton
        lesson={group}
        find={(g) => g.audioUrl === group.audioUrl && g.phrases.some((p) => p.id === group.phraseIds[0])}
        onEdit={onEdit}
        gone={{ id: "cue-backfill-gone", title: text.gone }}
        label={text.editLabel(label)}
      >
        {text.edit}
      </EditGroupButton>
    </li>
  );
}
