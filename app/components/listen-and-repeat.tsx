import { useId } from "react";
import { TURN_FACTORS } from "#app/lib/audio/audio-state.ts";
import type { AudioPlayer } from "#app/lib/audio/use-audio-player.ts";

export function turnFactorLabel(factor: number) {
  return `${factor}× the phrase`;
}

/**
 * Listen-and-repeat's status and the length of the learner's pause, under an audio card's phrase controls. Shown only
 * once the learner turns it on, so the card loads it then (a lazy import in audio-card.tsx).
 */
export default function ListenAndRepeat({ player }: { player: AudioPlayer }) {
  const factorId = `${useId()}-turn`;
  return (
    // Lines of fixed height whatever they say (the status gets a line of its own on a phone): the turn's start and
    // end move nothing on the page.
    <div className="flex flex-wrap items-center gap-x-3 text-sm">
      <span
        data-turn={player.turnMs > 0 ? "" : undefined}
        className="relative h-10 w-full min-w-0 truncate leading-10 font-semibold text-ink sm:w-auto sm:flex-1"
      >
        {player.turnMs > 0 ? "Your turn: say the phrase" : "Listen, then say each phrase in the pause"}
        {player.turnMs > 0 ? (
          <span
            key={`${player.segment}-${player.turnMs}`}
            aria-hidden
            // The time left, shrinking (no keyframes to add to the site's styles for one bar).
            ref={(bar) => {
              if (bar && !window.matchMedia("(prefers-reduced-motion: reduce)").matches)
                bar.animate([{ transform: "scaleX(1)" }, { transform: "scaleX(0)" }], { duration: player.turnMs, fill: "forwards" });
            }}
            className="absolute inset-x-0 bottom-0 h-1 origin-left rounded-full bg-accent-500"
          />
        ) : null}
      </span>
      <label htmlFor={factorId} className="ml-auto shrink-0 font-semibold text-muted sm:ml-0">
        Pause
      </label>
      <select
        id={factorId}
        value={player.turnFactor}
        onChange={(event) => player.setTurnFactor(Number(event.target.value))}
        className="h-9 shrink-0 rounded-lg border border-brand-200 bg-white px-2 text-ink"
      >
        {TURN_FACTORS.map((factor) => (
          <option key={factor} value={factor}>
            {turnFactorLabel(factor)}
          </option>
        ))}
      </select>
    </div>
  );
}
