import { describe, expect, it } from "vitest";
import { canRecord, preferredMimeType, problemOf, RECORDER_MESSAGES } from "#app/lib/recorder/recorder-errors.ts";

const domError = (name: string) => Object.assign(new Error(name), { name });

describe("problemOf", () => {
  it("names a refused permission, a missing microphone and a busy one", () => {
    expect(problemOf(domError("NotAllowedError"))).toBe("denied");
    expect(problemOf(domError("SecurityError"))).toBe("denied");
    expect(problemOf(domError("NotFoundError"))).toBe("no-microphone");
    expect(problemOf(domError("OverconstrainedError"))).toBe("no-microphone");
    expect(problemOf(domError("NotReadableError"))).toBe("busy");
    expect(problemOf({ name: "NotSupportedError" })).toBe("unsupported");
    expect(problemOf(new Error("anything else"))).toBe("failed");
    expect(problemOf(undefined)).toBe("failed");
  });

  it("tells the learner how to allow the microphone", () => {
    expect(RECORDER_MESSAGES.denied).toMatch(/Allow it/);
    expect(RECORDER_MESSAGES.unsupported).toMatch(/cannot record/);
  });
});

describe("canRecord", () => {
  it("needs both MediaRecorder and getUserMedia", () => {
    const withMedia = { mediaDevices: { getUserMedia: () => Promise.reject(new Error("no")) } } as unknown as Navigator;
    expect(canRecord({ navigator: withMedia, MediaRecorder: class {} })).toBe(true);
    expect(canRecord({ navigator: withMedia })).toBe(false);
    expect(canRecord({ navigator: {} as Navigator, MediaRecorder: class {} })).toBe(false);
  });
});

describe("preferredMimeType", () => {
  it("takes the browser's own format: webm/opus in Chromium, mp4 in Safari", () => {
    expect(preferredMimeType((type) => type.startsWith("audio/webm"))).toBe("audio/webm;codecs=opus");
    expect(preferredMimeType((type) => type === "audio/mp4")).toBe("audio/mp4");
    expect(preferredMimeType(() => false)).toBeUndefined();
  });
});
