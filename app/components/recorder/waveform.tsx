import { useEffect, useRef } from "react";
import { computePeaks, secondsLabel } from "#app/lib/recorder/waveform.ts";

export type WaveformSource =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; samples: Float32Array; from: number; to: number; durationMs: number };

const BAR_WIDTH = 3;
const BAR_GAP = 2;

/**
 * One waveform on a canvas: bars of the loudest sample in each slice. The canvas is an image with a name that says
 * whose voice and how long; `data-drawn` is set once the bars are on it (the e2e spec waits for it).
 */
export function Waveform({ source, label, tone, name }: { source: WaveformSource; label: string; tone: "native" | "take"; name: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const ready = source.status === "ready" ? source : null;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !ready) return;
    const draw = () => {
      const width = Math.max(1, canvas.clientWidth);
      const height = Math.max(1, canvas.clientHeight);
      const scale = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      const context = canvas.getContext("2d");
      if (!context) return;
      context.setTransform(scale, 0, 0, scale, 0, 0);
      context.clearRect(0, 0, width, height);
      context.fillStyle = getComputedStyle(canvas).color;
      const bars = Math.floor((width + BAR_GAP) / (BAR_WIDTH + BAR_GAP));
      computePeaks(ready.samples, bars, ready.from, ready.to).forEach((peak, index) => {
        const barHeight = Math.max(2, peak * (height - 4));
        context.fillRect(index * (BAR_WIDTH + BAR_GAP), (height - barHeight) / 2, BAR_WIDTH, barHeight);
      });
      canvas.dataset["drawn"] = "";
    };
    draw();
    // A phone turned sideways redraws at the new width.
    const observer = new ResizeObserver(draw);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [ready]);

  const description = ready ? `${label}, ${secondsLabel(ready.durationMs)}` : label;
  return (
    <div className="relative h-16 w-full overflow-hidden rounded-xl bg-brand-50">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Waveform: ${description}`}
        data-waveform={name}
        hidden={!ready}
        className={tone === "native" ? "h-full w-full text-brand-600" : "h-full w-full text-accent-600"}
      />
      {ready ? null : (
        <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">
          {source.status === "error" ? "The waveform could not be drawn." : "Drawing the waveform…"}
        </p>
      )}
    </div>
  );
}
