import sharp from "sharp";
import { toneWav } from "#tests/support/mp3.ts";

/** Real files for upload tests, made once per test file. */
export const tinyPng = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a7" } }).png().toBuffer());

/** A photo-sized JPEG, larger than any kind's displayed size. */
export async function largeJpeg(width = 3000, height = 1500): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: "#468" } }).jpeg({ quality: 90 }).toBuffer());
}

export const svgWithScript = new TextEncoder().encode(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export const shortWav = toneWav(0.2);

/** A multipart body with one file in the field `file`. */
export function fileUpload(bytes: Uint8Array, name: string, type: string): RequestInit {
  const body = new FormData();
  body.set("file", new File([new Uint8Array(bytes)], name, { type }));
  return { method: "POST", body };
}
