import { useFetcher } from "react-router";
import type { SiteSettings } from "#common/settings.ts";

interface ActionAnswer {
  intent: string;
  ok: boolean;
  result: { error?: Record<string, string[] | null> | null } | null;
  settings: SiteSettings | null;
}

/** One settings form: its fetcher (the page stays on its tab), whether it is saving, and its field errors. */
export function useSettingsForm(key: string) {
  const fetcher = useFetcher<ActionAnswer>({ key });
  const saving = fetcher.state !== "idle";
  const errors = (fetcher.data?.result?.error ?? {}) as Record<string, string[] | null | undefined>;
  return { fetcher, saving, errorOf: (name: string) => errors[name]?.[0] };
}
