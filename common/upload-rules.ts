/**
 * What each upload accepts, shared by the file pickers (checked in the browser first, for a quick answer) and the
 * upload route (checked again on the server, from the file's bytes). Sizes are for the file as picked; raster images
 * are then resized and re-encoded on the server, so what visitors download is far smaller (see `maxSide`).
 */

const MB = 1024 * 1024;

export type UploadMedia = "image" | "audio";

export interface UploadRule {
  media: UploadMedia;
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** For the file input's accept attribute. */
  accept: string;
  /** 'Image size should be less than 2MB' (SPEC §5 for icons; the same wording for the other limits). */
  sizeMessage: string;
  /** SPEC §7: site images in 'assets', catalogue files (icons, audio) in 'content'. */
  bucket: "assets" | "content";
  /** The storage folder (SPEC §7 paths, under an unguessable key). */
  folder: string;
  /** Raster images are scaled down to fit a square of this many pixels (never up). */
  maxSide?: number;
}

const imageAccept = "image/png,image/jpeg,image/webp,image/gif,image/avif";

function image(maxMb: number, bucket: UploadRule["bucket"], folder: string, maxSide: number): UploadRule {
  return { media: "image", maxBytes: maxMb * MB, accept: imageAccept, sizeMessage: `Image size should be less than ${maxMb}MB`, bucket, folder, maxSide };
}

export const uploadKinds = {
  levelIcon: image(2, "content", "icons/level", 512),
  lessonIcon: image(2, "content", "icons/lesson", 512),
  blogImage: image(10, "assets", "blog", 1600),
  logo: image(5, "assets", "settings/logo", 800),
  favicon: image(2, "assets", "settings/favicon", 256),
  appScreenshot: image(10, "assets", "settings/app", 1600),
  hero: image(10, "assets", "settings/hero", 2000),
  audio: {
    media: "audio",
    maxBytes: 20 * MB,
    accept: "audio/*",
    sizeMessage: "Audio file size should be less than 20MB",
    bucket: "content",
    folder: "audio",
  },
} satisfies Record<string, UploadRule>;

export type UploadKind = keyof typeof uploadKinds;

export function isUploadKind(value: string): value is UploadKind {
  return Object.hasOwn(uploadKinds, value);
}

/** SPEC §5, §8 texts. */
export const uploadText = {
  notImage: "Please select an image file",
  notAudio: "Please select an audio file",
  noFile: "No file provided",
  signedOut: "You must be logged in to upload files",
  denied: "Permission denied: You don't have access to upload files. Make sure you're logged in as an admin.",
  svgRefused: "SVG images are not accepted: please upload a PNG, JPEG, WebP, GIF or AVIF image",
  unreadable: "The file could not be read as an image",
} as const;

export function typeMessage(rule: UploadRule): string {
  return rule.media === "image" ? uploadText.notImage : uploadText.notAudio;
}

/** The browser's quick check before sending: the declared type and the size. The server checks the bytes. */
export function checkBeforeUpload(rule: UploadRule, file: { type: string; size: number }): string | undefined {
  if (!file.type.startsWith(`${rule.media}/`)) return typeMessage(rule);
  if (rule.media === "image" && file.type === "image/svg+xml") return uploadText.svgRefused;
  if (file.size > rule.maxBytes) return rule.sizeMessage;
  return undefined;
}
