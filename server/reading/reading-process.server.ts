/**
 * The reading process: a child of the server that computes readings and exits when the server lets it go. Its
 * libraries (IPADIC above all: 300 MB while loaded) live and die with it, so the server's own memory never grows
 * (server/reading/reading-helper.server.ts starts and stops it).
 */
import { hasScriptOf, type ReadingAid } from "#server/reading/reading-aids.ts";
import type { ReadingReply, ReadingRequest } from "#server/reading/reading-helper.server.ts";

let japanese: Promise<(text: string) => string> | undefined;

async function readingOf(aid: ReadingAid, text: string): Promise<string> {
  // "" is a reading computed to be empty: the text has nothing of the aid's script ("OK!" in a Japanese lesson).
  if (!hasScriptOf(aid, text)) return "";
  switch (aid) {
    case "japanese":
      japanese ??= import("#server/reading/japanese.server.ts").then((m) => m.loadJapaneseRomaji());
      return (await japanese)(text);
    case "mandarin":
      return (await import("#server/reading/mandarin.server.ts")).pinyinReading(text);
    case "russian":
      return (await import("#server/reading/cyrillic.server.ts")).russianReading(text);
    case "ukrainian":
      return (await import("#server/reading/cyrillic.server.ts")).ukrainianReading(text);
  }
}

process.on("message", (request: ReadingRequest) => {
  void (async () => {
    let reply: ReadingReply;
    try {
      const readings: string[] = [];
      for (const item of request.items) readings.push(await readingOf(item.aid, item.text));
      reply = { id: request.id, readings };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    // The server may have let go meanwhile (it stopped, or closed the helper): the answer has nobody to go to.
    if (process.connected) process.send?.(reply, undefined, undefined, () => {});
  })();
});
// The server closed the channel (idle, or it stopped): nothing more will come.
process.on("disconnect", () => process.exit(0));
