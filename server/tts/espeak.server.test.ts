import { describe, expect, it } from "vitest";
import { createEspeakTextToSpeech } from "#server/tts/espeak.server.ts";
import { voiceFor } from "#server/tts/text-to-speech.server.ts";

describe("eSpeak text to speech", () => {
  it("speaks a phrase as a WAV file", async () => {
    const audio = await createEspeakTextToSpeech().synthesize("¿Dónde está la estación?", "es");
    expect(audio.contentType).toBe("audio/wav");
    expect(Buffer.from(audio.data.subarray(0, 4)).toString("latin1")).toBe("RIFF");
    expect(audio.data.length).toBeGreaterThan(10_000);
  });

  it("serves several requests at once from one worker", async () => {
    const tts = createEspeakTextToSpeech();
    const results = await Promise.all(["Bonjour", "Guten Morgen", "Buongiorno"].map((t, i) => tts.synthesize(t, ["fr", "de", "it"][i]!)));
    expect(results.every((r) => r.data.length > 1000)).toBe(true);
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
