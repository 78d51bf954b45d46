import os from "node:os";
import { Worker } from "node:worker_threads";
import {
  hasVoice,
  MP3_BITRATE_KBPS,
  SpeechVoiceMissingError,
  type SpeechCodec,
  voiceFor,
  type SpeechAudio,
  type SpeechVoice,
  type TextToSpeech,
} from "#server/tts/text-to-speech.server.ts";
import { breakSeparatedSsml, joinSpeech, mp3Cues, splitAtBreaks, trimSilence, type Pcm } from "#server/tts/speech-join.server.ts";

const maxTextLength = 2000;
/** A worker idle this long is stopped, returning eSpeak's WebAssembly memory (32 MB per synthesis) to the system. */
const idleExitMs = 5000;

/** The command line eSpeak NG speaks with: voice and text are separate arguments, no shell is involved. */
export function espeakArguments(voice: string, text: string): string[] {
  return ["-v", voice, "-s", "150", "-w", "out.wav", text];
}

/** The same, for SSML (`-m`): a group's phrases with breaks between them. */
export function espeakSsmlArguments(voice: string, ssml: string): string[] {
  return ["-v", voice, "-s", "150", "-m", "-w", "out.wav", ssml];
}

/**
 * eSpeak NG (WebAssembly) and the MP3 encoder (lamejs) both run synchronously, for about half a second per phrase
 * group together, so they run on worker threads: the server keeps answering requests meanwhile. A job speaks (`args`),
 * reads a WAV file (`wav`) or takes PCM (`samples`), and ends as MP3, or as PCM when asked (`pcm`: a group's piece).
 */
const workerSource = `
const { parentPort } = require("node:worker_threads");
let modules;
async function load() {
  modules ??= { espeak: (await import("espeak-ng")).default, lame: await import("@breezystack/lamejs") };
  return modules;
}

// 16-bit PCM from a RIFF WAVE file, mixed down to mono.
function pcmOf(wav) {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (at) => String.fromCharCode(wav[at], wav[at + 1], wav[at + 2], wav[at + 3]);
  if (wav.length < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("Not a WAV file");
  let format;
  for (let at = 12; at + 8 <= wav.length; ) {
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (tag(at) === "fmt ") {
      format = { code: view.getUint16(body, true), channels: view.getUint16(body + 2, true), rate: view.getUint32(body + 4, true), bits: view.getUint16(body + 14, true) };
    } else if (tag(at) === "data") {
      if (!format || format.code !== 1 || format.bits !== 16 || format.channels < 1) throw new Error("Only 16-bit PCM WAV can be encoded");
      // A streaming writer may leave a placeholder size: the data ends with the file at the latest.
      const frames = Math.floor((Math.min(wav.length, body + size) - body) / (2 * format.channels));
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < format.channels; c++) sum += view.getInt16(body + (i * format.channels + c) * 2, true);
        samples[i] = Math.round(sum / format.channels);
      }
      return { samples, rate: format.rate };
    }
    at = body + size + (size & 1);
  }
  throw new Error("The WAV file has no audio data");
}

function toMp3(lame, { samples, rate }, kbps) {
  if (samples.length === 0) throw new Error("The speech engine produced no audio");
  const encoder = new lame.Mp3Encoder(1, rate, kbps);
  const parts = [];
  for (let i = 0; i < samples.length; i += 11520) parts.push(encoder.encodeBuffer(samples.subarray(i, i + 11520)));
  parts.push(encoder.flush());
  const data = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    data.set(part, offset);
    offset += part.length;
  }
  return data;
}

parentPort.on("message", async ({ args, wav, pcm, samples, rate, kbps, listVoices }) => {
  try {
    const { espeak, lame } = await load();
    if (listVoices) {
      let text = "";
      await espeak({ arguments: ["--voices"], print: (line) => (text += line + "\\n"), printErr: () => {} });
      parentPort.postMessage({ text });
      return;
    }
    let audio = samples ? { samples, rate } : undefined;
    if (!audio) {
      if (args) wav = (await espeak({ arguments: args })).FS.readFile("out.wav");
      audio = pcmOf(wav);
    }
    // PCM asked for: a piece of a group, joined on the main thread and sent back to be encoded as one.
    if (pcm) {
      parentPort.postMessage({ samples: audio.samples, rate: audio.rate }, [audio.samples.buffer]);
      return;
    }
    const data = toMp3(lame, audio, kbps);
    parentPort.postMessage({ data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

type JobInput = { args: string[]; pcm?: true } | { wav: Uint8Array; pcm?: true } | Pcm | { listVoices: true };

/** A job's answer: audio (MP3 or PCM), or the text eSpeak printed (its voice list). */
type JobOutput = { data: Uint8Array } | Pcm | { text: string };

interface Job {
  input: JobInput;
  resolve: (output: JobOutput) => void;
  reject: (error: Error) => void;
}

/**
 * The voices of `espeak-ng --voices`: one a line after the header, `Pty Language Age/Gender VoiceName File
 * (Other Languages)`, for example ` 5  pt   --/M  Portuguese_(Portugal)  roa/pt  (pt-pt 5)`. A voice answers to its
 * language code and to the other languages' codes (`en` is English (Great Britain)'s, listed under en-gb).
 */
export function parseVoiceList(text: string): SpeechVoice[] {
  const voices = new Map<string, SpeechVoice>();
  for (const line of text.split("\n").slice(1)) {
    const match = /^\s*\d+\s+(\S+)\s+\S+\s+(\S+)\s+\S+\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, code, name, others] = match as unknown as [string, string, string, string];
    const aliases = [...others.matchAll(/\(([^\s()]+) \d+\)/g)].map((m) => m[1]!.toLowerCase());
    if (!voices.has(code.toLowerCase())) voices.set(code.toLowerCase(), { code: code.toLowerCase(), name: name.replace(/_/g, " "), aliases });
  }
  return [...voices.values()];
}

/** One worker thread, started on demand, doing one job at a time. */
interface Slot {
  worker?: Worker;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

/**
 * A pool of up to `workers` threads (default: two, or one on a single core). Each does one job at a time, so at most
 * that many eSpeak instances hold memory; the others wait in a queue. The main thread stops an idle worker, so no
 * job is ever sent to a worker that is exiting.
 */
export function createEspeakTextToSpeech(options: { workers?: number } = {}): TextToSpeech & SpeechCodec {
  const slots: Slot[] = Array.from({ length: options.workers ?? Math.min(2, os.availableParallelism()) }, () => ({}));
  const queue: Job[] = [];

  const start = (slot: Slot) => {
    const worker = new Worker(workerSource, { eval: true });
    worker.unref();
    worker.on("message", (message: { data?: Uint8Array; samples?: Int16Array; rate?: number; text?: string; error?: string }) => {
      const job = slot.job;
      slot.job = undefined;
      if (message.data) job?.resolve({ data: message.data });
      else if (message.samples && message.rate) job?.resolve({ samples: message.samples, rate: message.rate });
      else if (message.text !== undefined) job?.resolve({ text: message.text });
      else job?.reject(new Error(message.error ?? "The speech engine failed"));
      dispatch();
    });
    const fail = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      slot.job?.reject(error);
      slot.job = undefined;
      dispatch();
    };
    worker.on("error", fail);
    worker.on("exit", () => fail(new Error("The speech engine stopped")));
    return worker;
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (slot.job) continue;
      const job = queue.shift();
      if (!job) {
        if (slot.worker && !slot.idleTimer) {
          slot.idleTimer = setTimeout(() => {
            const idle = slot.worker;
            slot.worker = undefined;
            slot.idleTimer = undefined;
            void idle?.terminate();
          }, idleExitMs).unref();
        }
        continue;
      }
      clearTimeout(slot.idleTimer);
      slot.idleTimer = undefined;
      slot.worker ??= start(slot);
      slot.job = job;
      slot.worker.postMessage({ ...job.input, kbps: MP3_BITRATE_KBPS });
    }
  };

  const run = (input: JobInput) =>
    new Promise<JobOutput>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      dispatch();
    });
  const encode = async (input: JobInput): Promise<SpeechAudio> => {
    const output = await run(input);
    if (!("data" in output)) throw new Error("The speech engine answered without audio");
    return { data: output.data, contentType: "audio/mpeg", extension: "mp3" };
  };
  // The list is part of the engine's build: read once, on first use.
  let voiceList: Promise<SpeechVoice[]> | undefined;
  const voices = () => {
    voiceList ??= run({ listVoices: true }).then((output) => parseVoiceList("text" in output ? output.text : ""));
    voiceList.catch(() => (voiceList = undefined));
    return voiceList;
  };

  const pcmOf = async (input: JobInput): Promise<Pcm> => {
    const output = await run(input);
    if (!("samples" in output)) throw new Error("The speech engine answered without audio");
    return output;
  };
  // One of eSpeak's own codes as it is (en-gb-x-rp, cmn-latn-pinyin), else a language id or name mapped to one.
  const voiceOf = async (language: string) => {
    const list = await voices();
    const voice = hasVoice(list, language) ? language.trim().toLowerCase() : voiceFor(language);
    // eSpeak given an unknown voice prints a complaint and writes no file: refused here with the voice's name.
    if (!hasVoice(list, voice)) throw new SpeechVoiceMissingError(voice);
    return voice;
  };
  const spoken = (text: string) => {
    const input = text.trim().slice(0, maxTextLength);
    if (!input) throw new Error("No text to speak");
    return input;
  };

  return {
    async synthesize(text, language) {
      const input = spoken(text);
      return encode({ args: espeakArguments(await voiceOf(language), input) });
    },
    async synthesizeGroup(texts, language) {
      const inputs = texts.map(spoken);
      if (inputs.length === 0) throw new Error("No text to speak");
      const voice = await voiceOf(language);
      // One run for the whole group, cut at its breaks (breakSeparatedSsml says why); else a run per phrase, which
      // share the queue, so a group's phrases are spoken on every worker at once.
      const whole = inputs.length > 1 ? await pcmOf({ args: espeakSsmlArguments(voice, breakSeparatedSsml(inputs)), pcm: true }) : undefined;
      const pieces =
        (whole && splitAtBreaks(whole, inputs.length)) ??
        (await Promise.all(inputs.map((input) => pcmOf({ args: espeakArguments(voice, input), pcm: true })))).map(trimSilence);
      const joined = joinSpeech(pieces);
      const cues = mp3Cues(joined);
      return { audio: await encode(joined.pcm), cues };
    },
    encodeWav(wav) {
      return encode({ wav });
    },
    wavToPcm(wav) {
      return pcmOf({ wav, pcm: true });
    },
    encodePcm(pcm) {
      return encode(pcm);
    },
    voices,
  };
}
