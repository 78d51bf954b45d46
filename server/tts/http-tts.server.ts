import { SpeechServiceError, voiceFor, type SpeechAudio, type TextToSpeech } from "#server/tts/text-to-speech.server.ts";

/** SPEC §8. */
export const INVALID_SPEECH_RESPONSE = "Invalid response from text-to-speech service";

export interface HttpTextToSpeechOptions {
  /** The speech service's endpoint (TTS_URL). */
  url: string;
  /** Sent as `Authorization: Bearer …` when set (TTS_API_KEY). */
  apiKey?: string | undefined;
  /** Compresses a WAV answer (and serves encodeWav): the local engine's MP3 encoder. */
  encoder: Pick<TextToSpeech, "encodeWav">;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A cloud voice behind the TextToSpeech port: POSTs `{ "text", "voice", "format": "mp3" }` as JSON and expects the
 * audio itself back (audio/mpeg, or audio/wav, which is compressed to MP3 here, so stored speech is always the same
 * MP3 the local engine makes). A small adapter in front of any vendor's API fits this contract. Anything else is
 * refused with the spec's 'Invalid response from text-to-speech service'.
 */
export function createHttpTextToSpeech(options: HttpTextToSpeechOptions): TextToSpeech {
  const doFetch = options.fetch ?? fetch;
  return {
    async synthesize(text, language): Promise<SpeechAudio> {
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "audio/mpeg, audio/wav",
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ text, voice: voiceFor(language), format: "mp3" }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        throw new SpeechServiceError(`The text-to-speech service could not be reached (${(error as Error).message})`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new SpeechServiceError(`The text-to-speech service answered ${response.status}`);
      }
      const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      const data = new Uint8Array(await response.arrayBuffer());
      if (data.byteLength === 0) throw new SpeechServiceError(INVALID_SPEECH_RESPONSE);
      if (type === "audio/mpeg" || type === "audio/mp3") return { data, contentType: "audio/mpeg", extension: "mp3" };
      if (type === "audio/wav" || type === "audio/x-wav" || type === "audio/wave") {
        try {
          return await options.encoder.encodeWav(data);
        } catch {
          throw new SpeechServiceError(INVALID_SPEECH_RESPONSE);
        }
      }
      throw new SpeechServiceError(INVALID_SPEECH_RESPONSE);
    },
    encodeWav: (wav) => options.encoder.encodeWav(wav),
    // The service decides which voices it has: it is sent the language's code and answers for it.
    voices: async () => undefined,
  };
}
