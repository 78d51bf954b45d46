import type { Pcm, SpeechCue } from "#server/tts/speech-join.server.ts";

export interface SpeechAudio {
  data: Uint8Array;
  contentType: string;
  extension: string;
}

/** A voice the engine has: its language code (what `synthesize` takes), its name, and other codes it answers to. */
export interface SpeechVoice {
  code: string;
  name: string;
  aliases: string[];
}

/** A group's speech: one MP3, and where each text is spoken in it (null when the engine cannot tell exactly). */
export interface GroupSpeech {
  audio: SpeechAudio;
  cues: SpeechCue[] | null;
}

export interface TextToSpeech {
  /** Speech as MP3 (mono, MP3_BITRATE_KBPS). */
  synthesize(text: string, language: string): Promise<SpeechAudio>;
  /** Every text spoken on its own, in order, joined with a short pause into one MP3; a cue per text. */
  synthesizeGroup(texts: string[], language: string): Promise<GroupSpeech>;
  /** A 16-bit PCM WAV file (audio stored before speech was compressed) as the same MP3 that synthesize makes. */
  encodeWav(wav: Uint8Array): Promise<SpeechAudio>;
  /** The engine's voices; undefined when it takes any voice name and decides itself (a cloud service). */
  voices(): Promise<SpeechVoice[] | undefined>;
}

/** What joining speech needs of the local engine's encoder: PCM out of a WAV file, and PCM into the same MP3. */
export interface SpeechCodec {
  wavToPcm(wav: Uint8Array): Promise<Pcm>;
  encodePcm(pcm: Pcm): Promise<SpeechAudio>;
}

/**
 * MP3 plays in every browser. eSpeak speaks at 22.05 kHz, where 48 kbit/s mono (MPEG-2 Layer III) keeps speech clear
 * at about a seventh of the WAV's size.
 */
export const MP3_BITRATE_KBPS = 48;

/** eSpeak NG voice for a language given as a code ("es"), a catalogue id ("spanish") or a name ("Mandarin Chinese"). */
const voiceByName: Record<string, string> = {
  english: "en",
  spanish: "es",
  french: "fr",
  italian: "it",
  german: "de",
  japanese: "ja",
  mandarin: "cmn",
  "mandarin chinese": "cmn",
  "mandarin-chinese": "cmn",
  chinese: "cmn",
  portuguese: "pt",
  "brazilian portuguese": "pt-br",
  russian: "ru",
  dutch: "nl",
  polish: "pl",
  turkish: "tr",
  korean: "ko",
  arabic: "ar",
  hindi: "hi",
  swedish: "sv",
  greek: "el",
};

const voiceCode = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/;

export function voiceFor(language: string | undefined): string {
  const key = (language ?? "").trim().toLowerCase();
  if (!key) return "en";
  return voiceByName[key] ?? (voiceCode.test(key) ? key : "en");
}

/** A speech engine that answered, but not with usable audio (SPEC §8 'Invalid response from text-to-speech service'). */
export class SpeechServiceError extends Error {}

/** The engine has no such voice. The message says which, for the admin: it becomes the failure toast's text. */
export class SpeechVoiceMissingError extends SpeechServiceError {
  constructor(voice: string, message = `The speech engine has no voice "${voice}".`) {
    super(message);
  }
}

/** Whether the engine speaks with this code (a voice's own code, or one of the other languages it answers to). */
export function hasVoice(voices: SpeechVoice[], code: string): boolean {
  const wanted = code.trim().toLowerCase();
  return voices.some((voice) => voice.code === wanted || voice.aliases.includes(wanted));
}

/** "Portuguese (Portugal)" is a voice for "Portuguese". */
const languageOf = (voiceName: string) => voiceName.replace(/\s*\(.*$/, "").trim().toLowerCase();

/**
 * The voice a catalogue language speaks with: the one an admin chose for it, else the first of its id and its name
 * that the engine has a voice for (as a code like "es", a known name like "spanish" or "Mandarin Chinese", or the
 * name of one of the engine's voices, like "Esperanto"). Undefined when none does: the caller explains, rather than
 * speak the phrase in a voice of another language. An engine without a list (a cloud service) gets the mapping
 * alone, English when nothing maps, as it always did.
 */
export function voiceForLanguage(language: { id: string; name: string; voice?: string | null }, voices: SpeechVoice[] | undefined): string | undefined {
  if (!voices) {
    const byId = voiceFor(language.id);
    return language.voice || (byId !== "en" || /^en(-|$)|english/i.test(language.id) ? byId : voiceFor(language.name));
  }
  if (language.voice) return hasVoice(voices, language.voice) ? language.voice : undefined;
  for (const candidate of [language.id, language.name]) {
    const key = candidate.trim().toLowerCase();
    const known = voiceByName[key];
    if (known && hasVoice(voices, known)) return known;
    if (hasVoice(voices, key)) return key;
    const named = voices.find((voice) => languageOf(voice.name) === key);
    if (named) return named.code;
  }
  return undefined;
}
