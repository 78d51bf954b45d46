import { chromium } from "playwright";
import { chromiumLaunchOptions } from "#e2e/support/chromium.ts";

/**
 * Where sound is in an audio file as Chromium decodes it (decodeAudioData, at the file's own rate so nothing is
 * resampled): the stretches louder than about -40 dBFS, split at silences of `gapMs` or more, in milliseconds.
 */
export async function soundSpansInChromium(data: Uint8Array, rate: number, gapMs: number): Promise<[number, number][]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    return await page.evaluate(
      async ({ base64, rate, gapMs }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const audio = await new OfflineAudioContext(1, 1, rate).decodeAudioData(bytes.buffer);
        const samples = audio.getChannelData(0);
        const gap = (gapMs * rate) / 1000;
        const spans: [number, number][] = [];
        let start = -1;
        let last = -1;
        for (let i = 0; i < samples.length; i++) {
          if (Math.abs(samples[i]!) < 0.01) continue;
          if (start < 0) start = i;
          else if (i - last > gap) {
            spans.push([start, last + 1]);
            start = i;
          }
          last = i;
        }
        if (start >= 0) spans.push([start, last + 1]);
        return spans.map(([from, to]): [number, number] => [(from * 1000) / rate, (to * 1000) / rate]);
      },
      { base64: Buffer.from(data).toString("base64"), rate, gapMs },
    );
  } finally {
    await browser.close();
  }
}
