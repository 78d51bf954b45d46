/**
 * Why the microphone could not be used, in words a learner can act on. The browser's DOMException names say which:
 * a refused permission, no device, a device held by another app.
 */
export type RecorderProblem = "unsupported" | "denied" | "no-microphone" | "busy" | "failed";

export const RECORDER_MESSAGES: Record<RecorderProblem, string> = {
  unsupported: "This browser cannot record audio. Try a current version of Chrome, Edge, Firefox or Safari.",
  denied: "The microphone is blocked for this site. Allow it in your browser's site settings (the icon next to the address), then try again.",
  "no-microphone": "No microphone was found. Connect one and try again.",
  busy: "The microphone could not be started. Another app may be using it.",
  failed: "Recording could not start. Please try again.",
};

export function problemOf(error: unknown): RecorderProblem {
  const name = error instanceof Error || (typeof error === "object" && error !== null && "name" in error) ? String((error as { name: unknown }).name) : "";
  switch (name) {
    case "NotAllowedError":
    case "SecurityError":
    case "PermissionDeniedError":
      return "denied";
    case "NotFoundError":
    case "OverconstrainedError":
    case "DevicesNotFoundError":
      return "no-microphone";
    case "NotReadableError":
    case "TrackStartError":
      return "busy";
    case "NotSupportedError":
      return "unsupported";
    default:
      return "failed";
  }
}

/** getUserMedia needs a secure context; MediaRecorder is missing from old browsers. */
export function canRecord(scope: { navigator?: Navigator; MediaRecorder?: unknown } = globalThis): boolean {
  return typeof scope.MediaRecorder === "function" && typeof scope.navigator?.mediaDevices?.getUserMedia === "function";
}

/** The browser's own format: webm/opus in Chromium and Firefox, mp4 in Safari; undefined lets the browser choose. */
export function preferredMimeType(isTypeSupported: (type: string) => boolean): string | undefined {
  return ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg;codecs=opus"].find((type) => isTypeSupported(type));
}
