import { useState } from "react";

interface CuedRow {
  key: number;
  originalText: string;
  cueStartMs?: number | null;
  cueEndMs?: number | null;
}

/** The rows as speech was made for them: which rows, in which order, saying what. */
const signatureOf = (rows: CuedRow[]) => rows.map((row) => `${row.key}\u0000${row.originalText.trim()}`).join("\u0001");

/**
 * The cues "Generate audio for the whole group" gives the dialog's rows (issue 23). They describe that file speaking
 * those rows: once a row is added, removed or reworded, or another audio is chosen, they are cleared rather than kept
 * half right (a learner would hear one phrase while another is highlighted), and generating again brings them back.
 * Cues the dialog opened with, or that an admin set by hand, are not this hook's to clear.
 */
export function useGroupAudioCues<T extends CuedRow>(rows: T[], setRows: (update: (rows: T[]) => T[]) => void, audioUrl: string) {
  const [sent, setSent] = useState<{ signature: string; keys: number[] } | null>(null);
  const [generated, setGenerated] = useState<{ url: string; signature: string } | null>(null);

  if (generated && (generated.url !== audioUrl.trim() || generated.signature !== signatureOf(rows))) {
    setGenerated(null);
    setRows((current) => current.map((row) => ({ ...row, cueStartMs: null, cueEndMs: null })));
  }

  return {
    /** The texts to speak, in order: every row that has one. Remembered to place the answer's cues. */
    textsToSpeak(): string[] {
      const spoken = rows.filter((row) => row.originalText.trim() !== "");
      setSent({ signature: signatureOf(rows), keys: spoken.map((row) => row.key) });
      return spoken.map((row) => row.originalText.trim());
    },
    /** The answer's cues onto the rows that were spoken, unless the rows changed while it was being made. */
    apply(url: string, cues: [number, number][] | null) {
      const request = sent;
      setSent(null);
      if (!request || !cues || cues.length !== request.keys.length || request.signature !== signatureOf(rows)) return;
      const cueOf = new Map(request.keys.map((key, i) => [key, cues[i]!] as const));
      setRows((current) =>
        current.map((row) => {
          const cue = cueOf.get(row.key);
          return { ...row, cueStartMs: cue?.[0] ?? null, cueEndMs: cue?.[1] ?? null };
        }),
      );
      setGenerated({ url, signature: request.signature });
    },
  };
}
