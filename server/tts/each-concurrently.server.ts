/**
 * Runs `work` on every item, `limit` at a time: enough to keep the speech workers busy while files are stored,
 * without queueing hundreds of jobs at once. Stops taking new items after a failure, waits for the ones under way
 * (so a caller cleaning up sees every file they stored), then throws the first error.
 */
export async function forEachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const runner = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  if (failure) throw failure.error;
}
