import { Pause, Play, Volume2 } from "lucide-react";
import { useCallback, useEffect, useMemo } from "react";
import type { Segment } from "#app/lib/audio/audio-state.ts";
import { useAudioPlayer } from "#app/lib/audio/use-audio-player.ts";
import { cn } from "#app/lib/cn.ts";
import type { ReviewItem } from "#common/review.ts";

/**
 * The card's sound, first: the phrase plays as the card arrives (its own cue in the group's file, or the whole file),
 * through the site's one audio helper. A browser that blocks sound before the learner has touched the page leaves
 * the big Play button and says so. Without JavaScript a plain audio control (a media fragment for the cue) stands in.
 */
export function ReviewAudio({
  item,
  playKey,
  onReady,
}: {
  item: ReviewItem;
  /** Unique per card shown: a card shown again (after an undo) plays again. */
  playKey: string;
  /** Hands the card's replay to the page (the R key). */
  onReady: (replay: () => void) => void;
}) {
  const segments = useMemo<readonly Segment[] | undefined>(
    () => (item.cue ? [{ url: item.audioUrl, start: item.cue[0] / 1000, end: item.cue[1] / 1000 }] : undefined),
    [item.audioUrl, item.cue],
  );
  const player = useAudioPlayer(`review:${playKey}`, item.audioUrl, { preload: "none", ...(segments ? { segments } : {}) });
  const hasAudio = item.audioUrl !== "";
  const { playSegment, play: playFile, pause } = player;

  const play = useCallback(() => {
    if (!hasAudio) return;
    // A refused start (sound blocked until the learner touches the page) leaves `error` set: the Play button stays.
    void (segments ? playSegment(0, "one") : playFile({ from: 0 }));
  }, [hasAudio, segments, playSegment, playFile]);

  useEffect(() => {
    onReady(play);
    // Plays once per card shown (playKey), not on every render.
    play();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playKey]);

  if (!hasAudio) {
    return <p className="text-sm text-muted">This phrase has no audio yet.</p>;
  }
  const fragment = item.cue ? `#t=${item.cue[0] / 1000},${item.cue[1] / 1000}` : "";
  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={() => (player.playing ? pause() : play())}
        aria-label={player.playing ? "Pause the phrase" : "Play the phrase"}
        aria-keyshortcuts="R"
        className={cn(
          "inline-flex size-16 items-center justify-center rounded-full bg-brand-700 text-white shadow-md transition-colors hover:bg-brand-800 sm:size-20",
          "[html:not([data-hydrated])_&]:hidden",
        )}
      >
        {player.playing ? <Pause className="size-8 fill-current" aria-hidden /> : <Play className="size-8 translate-x-0.5 fill-current" aria-hidden />}
      </button>
      <noscript>
        <audio controls preload="none" src={`${item.audioUrl}${fragment}`} aria-label="The phrase" />
      </noscript>
      <p className="flex min-h-5 items-center gap-1.5 text-sm text-muted [html:not([data-hydrated])_&]:hidden">
        {player.error && !player.playing ? (
          <>Press Play to hear the phrase.</>
        ) : (
          <>
            <Volume2 className="size-4" aria-hidden />
            {player.playing ? "Playing…" : "Listen, then recall what it means."}
          </>
        )}
      </p>
    </div>
  );
}
