import type { VoiceChoice } from "#common/catalog-admin.ts";
import { hasVoice, type TextToSpeech } from "#server/tts/text-to-speech.server.ts";

/** The voices an admin can choose for a language, by name; null when the engine keeps no list (a cloud service). */
export async function voiceChoices(tts: TextToSpeech): Promise<VoiceChoice[] | null> {
  const voices = await tts.voices();
  if (!voices) return null;
  return voices.map(({ code, name }) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, "en") || a.code.localeCompare(b.code));
}

/** Whether a chosen voice is one the engine has (any voice, for an engine without a list). */
export async function voiceIsAvailable(tts: TextToSpeech, voice: string): Promise<boolean> {
  const voices = await tts.voices();
  return !voices || hasVoice(voices, voice);
}
