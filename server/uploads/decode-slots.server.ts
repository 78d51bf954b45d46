import os from "node:os";

/**
 * At most `limit` pieces of work at once; the rest wait their turn, first come first served. For image decodes: each
 * holds a full-size bitmap (a 40-megapixel upload is 160 MB of pixels), and sharp hands every call to libuv's pool at
 * once, so four concurrent uploads took RSS from 303 to 851 MB. More decodes than cores finish no sooner anyway.
 */
export function createSlots(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active < limit) active++;
      // The finishing run hands its slot straight over, so `active` never counts a waiter twice.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}

/** Every image decode of the upload route goes through these: one per core. */
export const imageDecodes = createSlots(os.availableParallelism());
