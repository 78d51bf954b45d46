export interface SpeechAudio {
  data: Uint8Array;
  contentType: string;
  extension: string;
}

export interface TextToSpeech {
  /** Speech as MP3 (mono, MP3_BITRATE_KBPS). */
  synthesize(text: string, language: string): Promise<SpeechAudio>;
  /** A 16-bit PCM WAV file (audio stored before speech was compressed) as the same MP3 that synthesize makes. */
  encodeWav(wav: Uint8Array): Promise<SpeechAudio>;
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
