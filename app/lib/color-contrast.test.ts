import { describe, expect, test } from "vitest";
import { AA_TEXT_CONTRAST, contrastRatio, formatRatio, type Rgb } from "#app/lib/color-contrast.ts";

const hex = (value: string): Rgb => [0, 2, 4].map((i) => parseInt(value.slice(1 + i, 3 + i), 16)) as unknown as Rgb;

describe("contrastRatio", () => {
  test("black on white is 21:1 and a colour on itself 1:1, in either order", () => {
    expect(contrastRatio(hex("#000000"), hex("#ffffff"))).toBeCloseTo(21, 5);
    expect(contrastRatio(hex("#ffffff"), hex("#000000"))).toBeCloseTo(21, 5);
    expect(contrastRatio(hex("#e16b3c"), hex("#e16b3c"))).toBe(1);
  });

  test("the spec's default button colours (white on #e16b3c) fall below AA; its text on the background passes", () => {
    const button = contrastRatio(hex("#FFFFFF"), hex("#e16b3c"));
    expect(button).toBeLessThan(AA_TEXT_CONTRAST);
    expect(formatRatio(button)).toBe("3.29:1");
    expect(contrastRatio(hex("#333333"), hex("#F5F3FF"))).toBeGreaterThan(AA_TEXT_CONTRAST);
  });

  test("a ratio just under the threshold is never shown as reaching it", () => {
    expect(formatRatio(4.4999)).toBe("4.49:1");
  });
});
