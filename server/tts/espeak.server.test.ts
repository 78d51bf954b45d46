import { monitorEventLoopDelay } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { createEspeakTextToSpeech, parseVoiceList } from "#server/tts/espeak.server.ts";
import { hasVoice, SpeechVoiceMissingError, voiceFor, voiceForLanguage } from "#server/tts/text-to-speech.server.ts";
import { PHRASE_PAUSE_MS } from "#server/tts/speech-join.server.ts";
import { soundSpansInChromium } from "#tests/support/decode-in-chromium.ts";
import { readMp3, toneWav } from "#tests/support/mp3.ts";

describe("eSpeak text to speech", () => {
  it("speaks a phrase as a mono MP3 file (MPEG Layer III, 48 to 64 kbit/s)", async () => {
    const audio = await createEspeakTextToSpeech().synthesize("¿Dónde está la estación?", "es");
    expect(audio.contentType).toBe("audio/mpeg");
    expect(audio.extension).toBe("mp3");
    const stream = readMp3(audio.data);
    expect([...stream.layers]).toEqual([3]);
    expect([1, 2]).toContain([...stream.versions][0]);
    expect([...stream.channelModes]).toEqual(["mono"]);
    for (const kbps of stream.bitratesKbps) {
      expect(kbps).toBeGreaterThanOrEqual(48);
      expect(kbps).toBeLessThanOrEqual(64);
    }
    expect(stream.durationSeconds).toBeGreaterThan(1);
  });

  it("speaks a group phrase by phrase into one MP3, with each phrase's cue where Chromium decodes its sound", async () => {
    const texts = ["Buenos días.", "¿Cómo está usted?", "Muy bien, gracias. ¿Y usted?", "La cuenta, por favor."];
    const { audio, cues } = await createEspeakTextToSpeech().synthesizeGroup(texts, "es");
    expect(cues).toHaveLength(4);
    const stream = readMp3(audio.data);
    expect([...stream.channelModes]).toEqual(["mono"]);
    for (const [i, [start, end]] of cues!.entries()) {
      expect(end - start).toBeGreaterThan(400);
      if (i > 0) expect(start - cues![i - 1]![1]).toBe(PHRASE_PAUSE_MS);
    }
    expect(cues!.at(-1)![1]).toBeLessThanOrEqual(stream.durationSeconds * 1000);
    // Sound as decoded, split at silences longer than a comma's pause: one stretch per phrase, at its cue. The cue keeps
    // 15 ms of margin on each side, and MP3 spreads a sound's edges over part of a 26 ms granule.
    const spans = await soundSpansInChromium(audio.data, [...stream.sampleRates][0]!, 450);
    expect(spans).toHaveLength(4);
    for (const [i, [start, end]] of spans.entries()) {
      expect(Math.abs(start - (cues![i]![0] + 15)), `phrase ${i + 1} start`).toBeLessThanOrEqual(20);
      expect(Math.abs(end - (cues![i]![1] - 15)), `phrase ${i + 1} end`).toBeLessThanOrEqual(20);
    }
  }, 60_000);

  it("serves several requests at once", async () => {
    const tts = createEspeakTextToSpeech();
    const results = await Promise.all(["Bonjour", "Guten Morgen", "Buongiorno"].map((t, i) => tts.synthesize(t, ["fr", "de", "it"][i]!)));
    for (const result of results) expect(readMp3(result.data).durationSeconds).toBeGreaterThan(0.3);
  });

  it("re-encodes a WAV file as MP3 of the same length", async () => {
    const audio = await createEspeakTextToSpeech().encodeWav(toneWav(3));
    const stream = readMp3(audio.data);
    expect(audio.contentType).toBe("audio/mpeg");
    expect([...stream.channelModes]).toEqual(["mono"]);
    // The encoder adds up to a few frames of padding at each end.
    expect(stream.durationSeconds).toBeGreaterThan(2.95);
    expect(stream.durationSeconds).toBeLessThan(3.2);
    await expect(createEspeakTextToSpeech().encodeWav(new TextEncoder().encode("not a wav file"))).rejects.toThrow("Not a WAV file");
  });

  it("keeps the main thread free while it speaks and encodes", async () => {
    // Encoding on the main thread would stall it for most of the job (about half a second per 6 s of speech). On a
    // worker, the longest stall stays a small part of the job; a quarter leaves a wide margin for a loaded machine.
    const tts = createEspeakTextToSpeech();
    const text = "Buenos días. ¿Cómo está usted? Muy bien, gracias. ¿Y usted? Me llamo Ana. Mucho gusto. Hasta mañana.";
    await tts.synthesize("Hola", "es");
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    await tts.synthesize(text, "es");
    const elapsedMs = performance.now() - started;
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(elapsedMs / 4);
  });

  it("refuses empty text", async () => {
    await expect(createEspeakTextToSpeech().synthesize("   ", "en")).rejects.toThrow("No text to speak");
  });

  it("lists its voices, and refuses one it does not have by name instead of failing without a file", async () => {
    const tts = createEspeakTextToSpeech();
    const voices = (await tts.voices())!;
    expect(voices).toContainEqual({ code: "es", name: "Spanish (Spain)", aliases: [] });
    expect(hasVoice(voices, "en")).toBe(true);
    expect(hasVoice(voices, "EN-GB-X-RP")).toBe(true);
    expect(hasVoice(voices, "zz-steer")).toBe(false);
    for (const voice of ["zz-steer", "bf-lang"]) {
      await expect(tts.synthesize("Hola", voice)).rejects.toThrow(new SpeechVoiceMissingError(voice));
    }
    // A voice of its own with more parts than a language code speaks as itself, not as the English fallback.
    const received = await tts.synthesize("Good morning", "en-gb-x-rp");
    const english = await tts.synthesize("Good morning", "en");
    expect(Buffer.from(received.data).equals(Buffer.from(english.data))).toBe(false);
  });

  it("picks a language's voice: the chosen one, else its id or name when the engine has it, else none", () => {
    const voices = parseVoiceList(
      [
        "Pty Language       Age/Gender VoiceName          File                 Other Languages",
        " 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)",
        " 5  eo              --/M      Esperanto          art/eo               ",
        " 5  es              --/M      Spanish_(Spain)    roa/es               ",
        " 5  pt              --/M      Portuguese_(Portugal) roa/pt               (pt-pt 5)",
      ].join("\n"),
    );
    expect(voices.map((v) => v.code)).toEqual(["en-gb", "eo", "es", "pt"]);
    const pick = (id: string, name: string, voice: string | null = null) => voiceForLanguage({ id, name, voice }, voices);
    expect(pick("es", "Castellano")).toBe("es");
    expect(pick("spanish", "Whatever")).toBe("es");
    expect(pick("lang-x", "Esperanto")).toBe("eo");
    expect(pick("lang-y", "Portuguese")).toBe("pt");
    expect(pick("english", "English")).toBe("en");
    expect(pick("zz-steer", "Steer")).toBeUndefined();
    expect(pick("steerish", "Steerish")).toBeUndefined();
    expect(pick("zz-steer", "Steer", "eo")).toBe("eo");
    expect(pick("spanish", "Spanish", "xx")).toBeUndefined();
    // An engine without a list (a cloud service) is sent the mapped code, English when nothing maps.
    expect(voiceForLanguage({ id: "steerish", name: "Steerish" }, undefined)).toBe("en");
    expect(voiceForLanguage({ id: "lang-fr", name: "French" }, undefined)).toBe("fr");
  });

  it("maps language ids and names to voices, falling back to English", () => {
    expect(voiceFor("spanish")).toBe("es");
    expect(voiceFor("Mandarin Chinese")).toBe("cmn");
    expect(voiceFor("pt-br")).toBe("pt-br");
    expect(voiceFor("klingon; rm -rf /")).toBe("en");
    expect(voiceFor(undefined)).toBe("en");
  });
});
