/**
 * Joining separately spoken phrases into one recording, and where each phrase then sits in it (issue 23, item 1).
 * Each phrase is synthesized on its own, so its boundaries are known exactly instead of guessed from pauses.
 */

/** Mono 16-bit PCM at `rate` samples a second. */
export interface Pcm {
  samples: Int16Array;
  rate: number;
}

/** Where a phrase is spoken in its group's audio: [start, end] in milliseconds of the audio as a browser plays it. */
export type SpeechCue = [startMs: number, endMs: number];

/**
 * The silence put between two phrases. Half a second reads as the end of a sentence (eSpeak's own pause after a full
 * stop is about as long), keeps a per-phrase player that stops up to 250 ms late from speaking the next phrase's
 * first sound, and leaves the pause-based splitter a clear gap; longer only makes "Play all" drag.
 */
export const PHRASE_PAUSE_MS = 500;

/**
 * What an MP3 decoder puts before the first encoded sample: LAME's encoder delay (576 samples) plus the decoder's
 * filterbank delay (529), 1105 samples at any sample rate. lamejs writes no LAME/Xing tag that would let a decoder
 * remove it, so a browser plays it. Measured in Chromium (decodeAudioData into a 22,050 Hz OfflineAudioContext) on a
 * lamejs MP3 (mono, 48 kbit/s) with tone bursts whose first sounding samples were 11,026 and 33,076: they decoded at
 * 12,131 and 34,181.
 */
export const MP3_DECODER_DELAY_SAMPLES = 1105;

/** Below this (about -40 dBFS) a sample counts as silence: eSpeak's pauses are digital silence or close to it. */
const SILENCE_LEVEL = 328;
/** Kept on each side of the sound found, so that a soft first or last consonant is not cut. */
const TRIM_MARGIN_MS = 15;

/**
 * The spoken part of a piece: eSpeak starts and ends every file with silence, which would otherwise add to the pause
 * and sit inside the phrase's cue. A piece with no sound at all is kept whole rather than lost.
 */
export function trimSilence({ samples, rate }: Pcm): Pcm {
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) < SILENCE_LEVEL) first++;
  if (first === samples.length) return { samples, rate };
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]!) < SILENCE_LEVEL) last--;
  const margin = Math.round((TRIM_MARGIN_MS * rate) / 1000);
  return { samples: samples.subarray(Math.max(0, first - margin), Math.min(samples.length, last + 1 + margin)), rate };
}

export interface JoinedSpeech {
  pcm: Pcm;
  /** Each piece's first sample and the sample after its last, in the joined PCM. */
  spans: [start: number, end: number][];
}

/** The pieces one after another with `pauseMs` of silence between them (none before the first or after the last). */
export function joinSpeech(pieces: Pcm[], pauseMs = PHRASE_PAUSE_MS): JoinedSpeech {
  const rate = pieces[0]?.rate;
  if (rate === undefined) throw new Error("No speech to join");
  if (pieces.some((piece) => piece.rate !== rate)) throw new Error("The pieces have different sample rates");
  const pause = Math.round((pauseMs * rate) / 1000);
  const total = pieces.reduce((sum, piece) => sum + piece.samples.length, 0) + pause * (pieces.length - 1);
  const samples = new Int16Array(total);
  const spans: JoinedSpeech["spans"] = [];
  let at = 0;
  for (const [i, piece] of pieces.entries()) {
    if (i > 0) at += pause;
    samples.set(piece.samples, at);
    spans.push([at, at + piece.samples.length]);
    at += piece.samples.length;
  }
  return { pcm: { samples, rate }, spans };
}

/** The pieces' spans as cues in the MP3 made from the joined PCM, as a browser decodes it (whole milliseconds). */
export function mp3Cues({ pcm, spans }: JoinedSpeech): SpeechCue[] {
  const ms = (sample: number) => Math.round(((sample + MP3_DECODER_DELAY_SAMPLES) * 1000) / pcm.rate);
  return spans.map(([start, end]) => [ms(start), ms(end)]);
}

/**
 * eSpeak NG spends about a quarter of a second starting up for every run (its WebAssembly build sets up its data each
 * time), several times what a phrase takes to speak: a run per phrase made seeding the demo three times slower. So a
 * group is spoken in one run with a break of BREAK_MS between its phrases (SSML), and cut apart again at those breaks.
 * eSpeak's own pauses inside a phrase (a comma, an ellipsis) last 200 to 400 ms, and its silence is digital silence,
 * so every silence of at least SPLIT_MIN_MS is one of the breaks. The cut is exact: it falls where the sound stops
 * and starts, as when a phrase is spoken alone and trimmed. When the count of such silences is not one less than the
 * phrases (a phrase with no sound, a very long pause), the pieces are spoken one by one instead.
 */
export const BREAK_MS = 1500;
const SPLIT_MIN_MS = 1000;

/** The SSML for a group spoken in one run: the texts, escaped, with a break between each two. */
export function breakSeparatedSsml(texts: string[]): string {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<speak>${texts.map(escape).join(`<break time="${BREAK_MS}ms"/>`)}</speak>`;
}

/** The pieces between the silences of SPLIT_MIN_MS or more, or null unless there are exactly `count` of them. */
export function splitAtBreaks({ samples, rate }: Pcm, count: number): Pcm[] | null {
  const minGap = Math.round((SPLIT_MIN_MS * rate) / 1000);
  const margin = Math.round((TRIM_MARGIN_MS * rate) / 1000);
  // The same margin as trimSilence's, so a piece cut here is the piece that phrase spoken alone is trimmed to.
  const piece = (first: number, last: number) => ({
    samples: samples.subarray(Math.max(0, first - margin), Math.min(samples.length, last + 1 + margin)),
    rate,
  });
  const pieces: Pcm[] = [];
  let start = -1;
  let lastSound = -1;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]!) < SILENCE_LEVEL) continue;
    if (start < 0) start = i;
    else if (i - lastSound > minGap) {
      pieces.push(piece(start, lastSound));
      start = i;
    }
    lastSound = i;
  }
  if (start >= 0) pieces.push(piece(start, lastSound));
  return pieces.length === count ? pieces : null;
}
