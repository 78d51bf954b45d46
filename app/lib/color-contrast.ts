/**
 * WCAG 2.x contrast between two colours (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), for the banner colour
 * form's warning. Browser-safe; `readCssColor` needs a browser (it lets the browser parse any CSS colour).
 */
export type Rgb = readonly [red: number, green: number, blue: number];

/** WCAG 2.1 AA (1.4.3) for normal-size text: the banner's description and its button's text are normal size. */
export const AA_TEXT_CONTRAST = 4.5;

function channel(value: number) {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: Rgb) {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** "3.29:1": cut, not rounded, so a ratio just under the threshold never reads as reaching it. */
export function formatRatio(ratio: number) {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

let canvas: CanvasRenderingContext2D | null | undefined;

/**
 * Any CSS colour the browser understands (a name, #hex, rgb(), hsl(), oklch() ...) as sRGB, by painting one pixel;
 * null for a value that is not a colour, or on the server.
 */
export function readCssColor(value: string): Rgb | null {
  if (typeof document === "undefined" || !value.trim() || !CSS.supports("color", value)) return null;
  canvas ??= Object.assign(document.createElement("canvas"), { width: 1, height: 1 }).getContext("2d", { willReadFrequently: true });
  if (!canvas) return null;
  canvas.clearRect(0, 0, 1, 1);
  canvas.fillStyle = value;
  canvas.fillRect(0, 0, 1, 1);
  const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!];
}
