import { checkBeforeUpload, uploadKinds, type UploadKind } from "#app/lib/upload-rules.ts";

/**
 * Sends one picked file to the upload route and resolves with its public URL. Rejects with an Error whose message
 * is ready to show: the spec's text for a wrong type or size (checked here first), or the server's reason.
 */
export async function uploadFile(kind: UploadKind, file: File): Promise<string> {
  const problem = checkBeforeUpload(uploadKinds[kind], file);
  if (problem) throw new Error(problem);
  const body = new FormData();
  body.set("file", file);
  let response: Response;
  try {
    response = await fetch(`/admin/uploads/${kind}`, { method: "POST", body, headers: { Accept: "application/json" } });
  } catch {
    throw new Error("The upload did not reach the server. Check your connection and try again.");
  }
  const answer = (await response.json().catch(() => null)) as { url?: string; error?: string } | null;
  if (response.ok && answer?.url) return answer.url;
  if (response.status === 413) throw new Error(uploadKinds[kind].sizeMessage);
  throw new Error(answer?.error ?? `The upload failed (${response.status})`);
}
