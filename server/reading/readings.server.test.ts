import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { readingAidFor } from "#server/reading/reading-aids.ts";
import { createReadingHelper } from "#server/reading/reading-helper.server.ts";
import { tidyLatin } from "#server/reading/latin-punctuation.ts";

/** Golden readings, computed the way a save computes them: in the reading process, with the real dictionaries. */

const helper = createReadingHelper({ idleExitMs: 500 });
afterAll(() => helper.close());

describe("which languages get a reading aid", () => {
  it("reads the aid from the chosen voice, the id or the name", () => {
    expect(readingAidFor({ id: "japanese", name: "Japanese" })).toBe("japanese");
    expect(readingAidFor({ id: "ja", name: "日本語" })).toBe("japanese");
    expect(readingAidFor({ id: "mandarin", name: "Mandarin Chinese" })).toBe("mandarin");
    expect(readingAidFor({ id: "zh-cn", name: "Chinese" })).toBe("mandarin");
    expect(readingAidFor({ id: "lang-7", name: "Lang", voice: "cmn-latn-pinyin" })).toBe("mandarin");
    expect(readingAidFor({ id: "russian", name: "Russian" })).toBe("russian");
    expect(readingAidFor({ id: "uk", name: "Українська" })).toBe("ukrainian");
    expect(readingAidFor({ id: "spanish", name: "Spanish" })).toBeUndefined();
    expect(readingAidFor({ id: "zh-yue", name: "Cantonese" })).toBeUndefined();
  });
});

describe("golden readings", () => {
  it("Japanese: revised Hepburn romaji, one word per word, particles as spoken", async () => {
    const [eki, tokyo, benkyo, konbanwa, shitsumon, kinyobi, wakarimasen, empty] = await helper.compute(
      ["駅はどこですか", "東京へ行きます。", "日本語を勉強しています。", "こんばんは。", "お元気ですか？", "金曜日、映画を見に行きませんか？", "よくわかりませんでした。", "OK!"].map(
        (text) => ({ aid: "japanese" as const, text }),
      ),
    );
    expect(eki).toBe("eki wa doko desu ka");
    expect(tokyo).toBe("tōkyō e ikimasu.");
    expect(benkyo).toBe("nihongo o benkyō shite imasu.");
    expect(konbanwa).toBe("konbanwa.");
    expect(shitsumon).toBe("ogenki desu ka?");
    expect(kinyobi).toBe("kin'yōbi, eiga o mi ni ikimasen ka?");
    expect(wakarimasen).toBe("yoku wakarimasen deshita.");
    // Nothing in the script: computed, and empty.
    expect(empty).toBe("");
  }, 60_000);

  it("Mandarin: pinyin with tone marks, a known word's syllables together, neutral tones and erhua", async () => {
    const readings = await helper.compute(["谢谢", "我很好，谢谢。你呢？", "请问，火车站在哪儿？", "一个", "很高兴认识你。"].map((text) => ({ aid: "mandarin" as const, text })));
    expect(readings).toEqual(["xièxie", "wǒ hěn hǎo, xièxie. nǐ ne?", "qǐng wèn, huǒ chē zhàn zài nǎr?", "yí gè", "hěn gāoxìng rènshi nǐ."]);
  });

  it("Russian: English Wikipedia's romanization; Ukrainian: the national system of 2010", async () => {
    const readings = await helper.compute([
      { aid: "russian", text: "Здравствуйте" },
      { aid: "russian", text: "Хорошо, спасибо. А у вас?" },
      { aid: "russian", text: "Щука, съешь ещё!" },
      { aid: "ukrainian", text: "Щиро дякую" },
    ]);
    expect(readings).toEqual(["Zdravstvuyte", "Khorosho, spasibo. A u vas?", "Shchuka, syesh yeshchyo!", "Shchyro diakuiu"]);
  });

  it("lets the reading process go when idle, and starts it again for the next phrase", async () => {
    await helper.compute([{ aid: "russian", text: "Да" }]);
    expect(helper.running()).toBe(true);
    await expect.poll(() => helper.running(), { timeout: 10_000 }).toBe(false);
    expect(await helper.compute([{ aid: "russian", text: "Нет" }])).toEqual(["Net"]);
  });

  it("closing while the process is idle waits for its end, even when nothing else keeps the caller running", async () => {
    // A command that computed a reading and closes the helper with nothing else to wait for (the CLI, a bench's set-up):
    // an idle process is unreferenced, and a close that did not reference it again let the caller exit mid-close.
    const script = `import { createReadingHelper } from "#server/reading/reading-helper.server.ts";
      const helper = createReadingHelper();
      await helper.compute([{ aid: "russian", text: "Да" }]);
      await helper.close();
      console.log("closed, running: " + helper.running());`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script]);
    expect(stdout.trim()).toBe("closed, running: false");
  });
});

describe("Latin punctuation", () => {
  it("writes East Asian marks as Latin ones, spaced as English is", () => {
    expect(tidyLatin("sumimasen 、 eki wa doko desu ka ？")).toBe("sumimasen, eki wa doko desu ka?");
    expect(tidyLatin("hajimemashite 。 tanaka desu 。")).toBe("hajimemashite. tanaka desu.");
    expect(tidyLatin("（ a ） b…")).toBe("(a) b...");
  });
});
