import { isRouteErrorResponse } from "react-router";

/** The delays between attempts: 1 s, 2 s, 4 s (doubling, at most 30 s), as a query library's default retries wait. */
export const retryDelayMs = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * A redirect or a refusal (3xx, 4xx) is an answer and is passed on at once; a network failure, a 5xx from a proxy or
 * the server, or any other error may pass, so it is tried again.
 */
function isRetryable(error: unknown) {
  if (error instanceof Response) return error.status >= 500;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return true;
}

/**
 * Loads, and on a failure tries again up to `retries` times (SPEC §4: the settings screen's data is read with up to 3
 * retries). `failed` marks an answer that arrived but reports a failure (the loader's own error state), which is
 * retried too; after the last attempt that answer is returned as it is, so the screen can show it.
 */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  { retries = 3, failed = () => false, delayMs = retryDelayMs }: { retries?: number; failed?: (answer: T) => boolean; delayMs?: (attempt: number) => number } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= retries;
    try {
      const answer = await load();
      if (last || !failed(answer)) return answer;
    } catch (error) {
      if (last || !isRetryable(error)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs(attempt)));
  }
}
