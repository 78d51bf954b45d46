import { monitorEventLoopDelay } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { createEspeakTextToSpeech } from "#server/tts/espeak.server.ts";
import { voiceFor } from "#server/tts/text-to-speech.server.ts";
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

  it("maps language ids and names to voices, falling back to English", () => {
    expect(voiceFor("spanish")).toBe("es");
    expect(voiceFor("Mandarin Chinese")).toBe("cmn");
    expect(voiceFor("pt-br")).toBe("pt-br");
    expect(voiceFor("klingon; rm -rf /")).toBe("en");
    expect(voiceFor(undefined)).toBe("en");
  });
});
