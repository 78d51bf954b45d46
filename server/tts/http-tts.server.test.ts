import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEspeakTextToSpeech } from "#server/tts/espeak.server.ts";
import { createHttpTextToSpeech, INVALID_SPEECH_RESPONSE } from "#server/tts/http-tts.server.ts";
import { PHRASE_PAUSE_MS } from "#server/tts/speech-join.server.ts";
import { SpeechServiceError } from "#server/tts/text-to-speech.server.ts";
import { readMp3, toneWav } from "#tests/support/mp3.ts";

/** The cloud voice adapter against a local stand-in HTTP server (never a real service). */

interface Received {
  authorization: string | undefined;
  body: { text: string; voice: string; format: string };
}

const espeak = createEspeakTextToSpeech();
let mp3: Uint8Array;
let server: http.Server;
let base = "";
const received: Received[] = [];

beforeAll(async () => {
  mp3 = (await espeak.synthesize("Hola", "es")).data;
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Received["body"] });
      const answers: Record<string, [number, string, Uint8Array]> = {
        "/mp3": [200, "audio/mpeg", mp3],
        "/wav": [200, "audio/wav", toneWav(1)],
        "/html": [200, "text/html; charset=utf-8", new TextEncoder().encode("<h1>Hello</h1>")],
        "/empty": [200, "audio/mpeg", new Uint8Array()],
        "/down": [503, "text/plain", new TextEncoder().encode("busy")],
      };
      const [status, type, body] = answers[req.url ?? ""] ?? [404, "text/plain", new Uint8Array()];
      res.writeHead(status, { "content-type": type });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

const tts = (path: string, apiKey?: string) => createHttpTextToSpeech({ url: `${base}${path}`, apiKey, encoder: espeak });

describe("HTTP text to speech", () => {
  it("sends the text and the language's voice with the key, and keeps an MP3 answer as it is", async () => {
    const audio = await tts("/mp3", "secret-key").synthesize("¿Qué tal?", "spanish");
    expect(audio).toMatchObject({ contentType: "audio/mpeg", extension: "mp3" });
    expect(Buffer.from(audio.data).equals(Buffer.from(mp3))).toBe(true);
    expect(received.at(-1)).toEqual({ authorization: "Bearer secret-key", body: { text: "¿Qué tal?", voice: "es", format: "mp3" } });
  });

  it("compresses a WAV answer to the same MP3 the local engine stores", async () => {
    const audio = await tts("/wav").synthesize("Bonjour", "fr");
    expect(audio.contentType).toBe("audio/mpeg");
    expect(readMp3(audio.data).durationSeconds).toBeGreaterThan(0.8);
    expect(received.at(-1)?.authorization).toBeUndefined();
  });

  it("speaks a group a phrase per request and joins WAV answers with the pause, each phrase at its cue", async () => {
    const sent = received.length;
    const { audio, cues } = await tts("/wav").synthesizeGroup(["Uno", "Dos", "Tres"], "es");
    expect(received.slice(sent).map((r) => r.body.text)).toEqual(["Uno", "Dos", "Tres"]);
    expect(audio.contentType).toBe("audio/mpeg");
    // Each answer is a second of tone: the cues are a second long, a pause apart, after the MP3 decoder's delay.
    expect(cues).toHaveLength(3);
    for (const [i, [start, end]] of cues!.entries()) {
      expect(Math.abs(end - start - 1000)).toBeLessThanOrEqual(2);
      expect(Math.abs(start - (50 + i * (1000 + PHRASE_PAUSE_MS)))).toBeLessThanOrEqual(2);
    }
    expect(readMp3(audio.data).durationSeconds).toBeGreaterThan(3 + (2 * PHRASE_PAUSE_MS) / 1000);
  });

  it("asks for a group whole, with its cues unknown, when the service answers MP3 (no exact join)", async () => {
    const sent = received.length;
    const { audio, cues } = await tts("/mp3").synthesizeGroup(["Uno", "Dos"], "es");
    expect(cues).toBeNull();
    expect(Buffer.from(audio.data).equals(Buffer.from(mp3))).toBe(true);
    expect(received.slice(sent).map((r) => r.body.text)).toEqual(["Uno", "Uno\nDos"]);
  });

  it("refuses what is not audio with the spec's message, and reports an unavailable service", async () => {
    for (const path of ["/html", "/empty"]) {
      const failure = tts(path).synthesize("Hola", "es");
      await expect(failure).rejects.toBeInstanceOf(SpeechServiceError);
      await expect(failure).rejects.toThrow(INVALID_SPEECH_RESPONSE);
    }
    await expect(tts("/down").synthesize("Hola", "es")).rejects.toThrow("The text-to-speech service answered 503");
    await expect(createHttpTextToSpeech({ url: "http://127.0.0.1:1/", encoder: espeak }).synthesize("Hola", "es")).rejects.toBeInstanceOf(SpeechServiceError);
  });
});
