import type { EventBus, Topic } from "#server/events/event-bus.server.ts";

export interface Cached<T> {
  get(): Promise<T>;
  invalidate(): void;
}

/**
 * Keeps one value in memory until an event on one of its topics says it changed. A load that started before an
 * invalidation is used for its own caller but not kept.
 */
export function cached<T>(load: () => Promise<T>, events: EventBus, dependsOn: Topic[]): Cached<T> {
  let version = 0;
  let entry: { version: number; value: Promise<T> } | undefined;
  const invalidate = () => {
    version++;
    entry = undefined;
  };
  for (const topic of dependsOn) events.subscribe(topic, invalidate);
  return {
    get() {
      if (entry && entry.version === version) return entry.value;
      const started = version;
      const value = load();
      entry = { version: started, value };
      value.catch(() => {
        if (entry?.value === value) entry = undefined;
      });
      return value;
    },
    invalidate,
  };
}
