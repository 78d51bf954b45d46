/**
 * Audio bytes of one demo lesson (/spanish/a1/greetings): the WAV files eSpeak speaks, which versions before MP3
 * stored, against the MP3 files the app stores now. Part of `npm run bench`; `node bench/audio-bytes.ts` measures
 * only this and rewrites its section of bench/RESULTS.md.
 */
import fs from "node:fs";
import ESpeakNg from "espeak-ng";
import { demoCatalog } from "#server/seed/demo-catalog.ts";
import { createEspeakTextToSpeech, espeakArguments } from "#server/tts/espeak.server.ts";
import { MP3_BITRATE_KBPS, voiceFor } from "#server/tts/text-to-speech.server.ts";

const lessonPath = "/spanish/a1/greetings";

export async function lessonAudioBytes() {
  const [, languageId, levelId, lessonId] = lessonPath.split("/");
  const language = demoCatalog.find((l) => l.id === languageId)!;
  const lesson = language.levels.find((l) => l.id === levelId)!.lessons.find((l) => l.id === lessonId)!;
  const tts = createEspeakTextToSpeech();
  let wavBytes = 0;
  let mp3Bytes = 0;
  for (const group of lesson.groups) {
    // The same text, voice and arguments the seed speaks.
    const text = group.map((phrase) => phrase.original).join("\n");
    const engine = await ESpeakNg({ arguments: espeakArguments(voiceFor(language.ttsVoice), text) });
    wavBytes += engine.FS.readFile("out.wav").length;
    mp3Bytes += (await tts.synthesize(text, language.ttsVoice)).data.length;
  }
  return { groups: lesson.groups.length, wavBytes, mp3Bytes };
}

export function audioBytesSection(result: Awaited<ReturnType<typeof lessonAudioBytes>>): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    `## Audio bytes of one lesson (target: at least five times fewer than WAV)`,
    "",
    `The audio files of \`${lessonPath}\` (${result.groups} audio groups), as the demo seed speaks them.`,
    "",
    "| Stored as | Bytes | Ratio |",
    "| --- | --- | --- |",
    `| WAV, 16-bit mono 22.05 kHz (before) | ${kb(result.wavBytes)} | 1 |`,
    `| MP3, ${MP3_BITRATE_KBPS} kbit/s mono (now) | ${kb(result.mp3Bytes)} | 1/${(result.wavBytes / result.mp3Bytes).toFixed(1)} |`,
    "",
  ];
}

if (import.meta.main) {
  const section = audioBytesSection(await lessonAudioBytes());
  const file = "bench/RESULTS.md";
  const results = fs.readFileSync(file, "utf8");
  const start = results.indexOf("## Audio bytes");
  const end = start < 0 ? -1 : results.indexOf("\n## ", start + 1);
  const updated =
    start < 0
      ? `${results.trimEnd()}\n\n${section.join("\n")}`
      : `${results.slice(0, start)}${section.join("\n")}${end < 0 ? "" : results.slice(end + 1)}`;
  fs.writeFileSync(file, updated);
  console.log(section.join("\n"));
}
