import { createLucideIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { RecorderPhrase } from "#app/components/recorder/recorder-dialog.tsx";
import { cn } from "#app/lib/cn.ts";

// lucide's Mic (lucide-react 1.75, ISC), defined here as audio-card.tsx does its icons: one file fewer on the lesson
// page's first visit. inline-icons.test.ts checks it against lucide's.
export const Mic = createLucideIcon({
  name: "mic",
  size: 24,
  node: [
    ["path", { d: "M12 19v3", key: "npa21l" }],
    ["path", { d: "M19 10v2a7 7 0 0 1-14 0v-2", key: "1vc78b" }],
    ["rect", { x: "9", y: "2", width: "6", height: "13", rx: "3", key: "s6n7sd" }],
  ],
});

// The recorder, MediaRecorder and the waveforms load on first use only (issue 26: no cost to the first visit).
const loadRecorder = () => import("#app/components/recorder/recorder-dialog.tsx");
const RecorderDialog = lazy(loadRecorder);

/**
 * "Record and compare" for one phrase: a small button that opens the recorder. Invisible until the page is hydrated
 * (it does nothing without JavaScript) but holding its place, so nothing moves when it appears.
 */
export function RecordButton({ phrase, labeled = false }: { phrase: RecorderPhrase; labeled?: boolean }) {
  const [open, setOpen] = useState(false);
  // Stays mounted once loaded, so that closing gives the focus back as any dialog does.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  const warm = () => void loadRecorder().catch(() => {});
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={labeled ? undefined : `Record and compare: ${phrase.original}`}
        title={labeled ? undefined : "Record and compare"}
        data-record-phrase={phrase.phraseId}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => setOpen(true)}
        className={cn(
          "inline-flex shrink-0 items-center justify-center text-brand-800 transition-colors hover:bg-brand-100 active:bg-brand-200",
          "[html:not([data-hydrated])_&]:invisible",
          labeled ? "min-h-11 gap-2 rounded-full border border-brand-200 px-4 text-sm font-semibold" : "size-11 rounded-full",
        )}
      >
        <Mic className={labeled ? "size-4" : "size-5"} aria-hidden />
        {labeled ? "Record and compare" : null}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <RecorderDialog open={open} onOpenChange={setOpen} phrase={phrase} />
        </Suspense>
      ) : null}
    </>
  );
}
