import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { components } from "#tests/api/generated/api-v1.d.ts";
import { apiClient, type ApiClient } from "#tests/api/support/api-client.ts";
import type { TestSite } from "#tests/support/app-server.ts";

/**
 * An app on one device, as the sync tests drive it: a local copy of the learner's rows kept by the documented rule
 * (apply a change only over an older version of the same row), a cursor, and pushes with ids of their own that it
 * retries as they were. Every request goes through the typed client, so every answer is checked against the document.
 */

type SyncPage = components["schemas"]["SyncPage"];
export type SyncChange = components["schemas"]["SyncChange"];
type Entity = keyof SyncPage["changes"];

const keyFields: Record<Entity, string[]> = {
  profile: [],
  settings: [],
  progress: ["languageId", "levelId", "lessonId"],
  favorites: ["phraseId"],
  reviewCards: ["phraseId"],
  reviewLog: ["id"],
  days: ["day"],
};

const keyOf = (entity: Entity, row: Record<string, unknown>) => `${entity} ${JSON.stringify(keyFields[entity].map((field) => row[field]))}`;

interface Stored {
  version: number;
  row: Record<string, unknown> | null;
}

export interface PushBody {
  pushId: string;
  deviceId: string;
  changes: SyncChange[];
}

export class SyncDevice {
  readonly client: ApiClient;
  readonly deviceId: string;
  cursor: string | undefined;
  private readonly rows = new Map<string, Stored>();

  constructor(site: TestSite, token: string, deviceId: string) {
    this.client = apiClient(site, { token });
    this.deviceId = deviceId;
  }

  /** One page from `cursor` (the device's own unless given), not yet applied: a test may apply it late. */
  async fetchPage(cursor = this.cursor, limit = 3): Promise<SyncPage> {
    const { data, response } = await this.client.GET("/sync/pull", { params: { query: { ...(cursor ? { cursor } : {}), limit } } });
    expect(response.status).toBe(200);
    return data!;
  }

  /** Applies a page by version, so a page that arrives late (an out-of-order answer) cannot undo a newer change. */
  apply(page: SyncPage, advanceCursor = true) {
    for (const [entity, changes] of Object.entries(page.changes) as [Entity, SyncPage["changes"][Entity]][]) {
      for (const row of changes.upserted) this.put(keyOf(entity, row), row.version, { ...row });
      for (const key of changes.deleted) this.put(keyOf(entity, key), key.version, null);
    }
    if (advanceCursor) this.cursor = page.nextCursor;
  }

  private put(key: string, version: number, row: Record<string, unknown> | null) {
    const stored = this.rows.get(key);
    if (stored && stored.version >= version) return;
    this.rows.set(key, { version, row });
  }

  /** Pulls until nothing more waits. */
  async pullAll(limit = 3) {
    for (;;) {
      const page = await this.fetchPage(this.cursor, limit);
      this.apply(page);
      if (!page.hasMore) return;
    }
  }

  newPush(...changes: SyncChange[]): PushBody {
    return { pushId: randomUUID(), deviceId: this.deviceId, changes };
  }

  /** Sends a push and returns its answer. */
  async push(body: PushBody) {
    const { data, error, response } = await this.client.POST("/sync/push", { body });
    return { status: response.status, data, error };
  }

  /** The device's rows (deleted ones left out), sorted: what its screens would show. */
  state(): Record<string, unknown> {
    return Object.fromEntries(
      [...this.rows.entries()]
        .filter(([, stored]) => stored.row !== null)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, stored]) => [key, stored.row]),
    );
  }

  /** One entity's live rows. */
  rowsOf(entity: Entity): Record<string, unknown>[] {
    return Object.entries(this.state())
      .filter(([key]) => key.startsWith(`${entity} `))
      .map(([, row]) => row as Record<string, unknown>);
  }
}
