import { checkBeforeUpload, uploadKinds, type UploadKind } from "#common/upload-rules.ts";

export interface UploadOptions {
  /** The share of the file sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

const unreachable = "The upload did not reach the server. Check your connection and try again.";

/**
 * Sends one picked file to the upload route and resolves with its public URL. Rejects with an Error whose message
 * is ready to show: the spec's text for a wrong type or size (checked here first), or the server's reason.
 * XMLHttpRequest rather than fetch: only it reports how much of a request body has been sent.
 */
export function uploadFile(kind: UploadKind, file: File, options: UploadOptions = {}): Promise<string> {
  const problem = checkBeforeUpload(uploadKinds[kind], file);
  if (problem) return Promise.reject(new Error(problem));
  const body = new FormData();
  body.set("file", file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/admin/uploads/${kind}`);
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    request.addEventListener("error", () => reject(new Error(unreachable)));
    request.addEventListener("abort", () => reject(new Error(unreachable)));
    request.addEventListener("load", () => {
      let answer: { url?: string; error?: string } | null = null;
      try {
        answer = JSON.parse(request.responseText) as { url?: string; error?: string };
      } catch {
        // Not JSON (a proxy's error page): the status speaks below.
      }
      const ok = request.status >= 200 && request.status < 300;
      if (ok && answer?.url) return resolve(answer.url);
      if (request.status === 413) return reject(new Error(uploadKinds[kind].sizeMessage));
      reject(new Error(answer?.error ?? `The upload failed (${request.status})`));
    });
    request.send(body);
  });
}
