import { Worker } from "node:worker_threads";
import { voiceFor, type TextToSpeech } from "#server/tts/text-to-speech.server.ts";

const maxTextLength = 2000;
/** A worker idle this long exits, returning eSpeak's WebAssembly memory (32 MB per synthesis) to the system. */
const idleExitMs = 5000;

/**
 * eSpeak NG runs synchronously inside WebAssembly, so it runs on a worker thread: the server keeps answering
 * requests while it speaks. The voice and text are passed as separate arguments; no shell is involved.
 */
const workerSource = `
const { parentPort } = require("node:worker_threads");
let timer;
parentPort.on("message", async ({ id, voice, text, idleExitMs }) => {
  clearTimeout(timer);
  try {
    const { default: ESpeakNg } = await import("espeak-ng");
    const engine = await ESpeakNg({ arguments: ["-v", voice, "-s", "150", "-w", "out.wav", text] });
    const data = engine.FS.readFile("out.wav");
    parentPort.postMessage({ id, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
  timer = setTimeout(() => process.exit(0), idleExitMs);
});
`;

interface Pending {
  resolve: (data: Uint8Array) => void;
  reject: (error: Error) => void;
}

export function createEspeakTextToSpeech(): TextToSpeech {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const getWorker = () => {
    if (worker) return worker;
    const started = new Worker(workerSource, { eval: true });
    started.unref();
    started.on("message", (message: { id: number; data?: Uint8Array; error?: string }) => {
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      if (message.data) job.resolve(message.data);
      else job.reject(new Error(message.error ?? "The speech engine failed"));
    });
    const fail = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    };
    started.on("error", fail);
    started.on("exit", () => fail(new Error("The speech engine stopped")));
    worker = started;
    return started;
  };

  return {
    async synthesize(text, language) {
      const input = text.trim().slice(0, maxTextLength);
      if (!input) throw new Error("No text to speak");
      const id = nextId++;
      const data = await new Promise<Uint8Array>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        getWorker().postMessage({ id, voice: voiceFor(language), text: input, idleExitMs });
      });
      if (data.length <= 44) throw new Error("The speech engine produced no audio");
      return { data, contentType: "audio/wav", extension: "wav" };
    },
  };
}
