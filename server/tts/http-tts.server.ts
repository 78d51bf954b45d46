import { joinSpeech, mp3Cues, trimSilence } from "#server/tts/speech-join.server.ts";
import {
  SpeechServiceError,
  voiceFor,
  type GroupSpeech,
  type SpeechAudio,
  type SpeechCodec,
  type TextToSpeech,
} from "#server/tts/text-to-speech.server.ts";

/** SPEC §8. */
export const INVALID_SPEECH_RESPONSE = "Invalid response from text-to-speech service";

export interface HttpTextToSpeechOptions {
  /** The speech service's endpoint (TTS_URL). */
  url: string;
  /** Sent as `Authorization: Bearer …` when set (TTS_API_KEY). */
  apiKey?: string | undefined;
  /** Compresses a WAV answer (and serves encodeWav), and joins WAV answers: the local engine's MP3 encoder. */
  encoder: Pick<TextToSpeech, "encodeWav"> & SpeechCodec;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The service's answer as it came: MP3 to keep, or WAV to compress (or to join). */
type Answer = { kind: "mp3" | "wav"; data: Uint8Array };

/**
 * A cloud voice behind the TextToSpeech port: POSTs `{ "text", "voice", "format": "mp3" }` as JSON and expects the
 * audio itself back (audio/mpeg, or audio/wav, which is compressed to MP3 here, so stored speech is always the same
 * MP3 the local engine makes). A small adapter in front of any vendor's API fits this contract. Anything else is
 * refused with the spec's 'Invalid response from text-to-speech service'.
 */
export function createHttpTextToSpeech(options: HttpTextToSpeechOptions): TextToSpeech {
  const doFetch = options.fetch ?? fetch;

  async function request(text: string, language: string): Promise<Answer> {
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
    if (type === "audio/mpeg" || type === "audio/mp3") return { kind: "mp3", data };
    if (type === "audio/wav" || type === "audio/x-wav" || type === "audio/wave") return { kind: "wav", data };
    throw new SpeechServiceError(INVALID_SPEECH_RESPONSE);
  }

  /** A service's WAV is checked by decoding it: what the encoder cannot read is not usable audio. */
  async function invalidIfUnreadable<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch {
      throw new SpeechServiceError(INVALID_SPEECH_RESPONSE);
    }
  }

  async function synthesize(text: string, language: string): Promise<SpeechAudio> {
    const answer = await request(text, language);
    if (answer.kind === "mp3") return { data: answer.data, contentType: "audio/mpeg", extension: "mp3" };
    return invalidIfUnreadable(() => options.encoder.encodeWav(answer.data));
  }

  return {
    synthesize,
    /**
     * One request per text. WAV answers are joined as PCM and encoded once, so the cues are exact. MP3 answers cannot
     * be joined exactly without decoding them (each carries its own encoder delay and padding, and frames borrow bits
     * from the ones before), and no MP3 decoder is at hand on the server: then the group is asked for as one text, as
     * before, and its cues stay unknown rather than guessed.
     */
    async synthesizeGroup(texts, language): Promise<GroupSpeech> {
      const wavs: Uint8Array[] = [];
      for (const text of texts) {
        const answer = await request(text, language);
        if (answer.kind === "mp3") {
          if (texts.length === 1) return { audio: { data: answer.data, contentType: "audio/mpeg", extension: "mp3" }, cues: null };
          return { audio: await synthesize(texts.join("\n"), language), cues: null };
        }
        wavs.push(answer.data);
      }
      const pieces = await invalidIfUnreadable(() => Promise.all(wavs.map((wav) => options.encoder.wavToPcm(wav))));
      // Pieces at different sample rates cannot be joined without resampling, which would blur the cue times.
      if (pieces.some((piece) => piece.rate !== pieces[0]!.rate)) return { audio: await synthesize(texts.join("\n"), language), cues: null };
      const joined = joinSpeech(pieces.map(trimSilence));
      return { audio: await invalidIfUnreadable(() => options.encoder.encodePcm(joined.pcm)), cues: mp3Cues(joined) };
    },
    encodeWav: (wav) => options.encoder.encodeWav(wav),
    // The service decides which voices it has: it is sent the language's code and answers for it.
    voices: async () => undefined,
  };
}
