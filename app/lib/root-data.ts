import { useSharedData, type SharedPageData } from "#app/lib/page-router.tsx";
import { useViewer } from "#app/lib/viewer.ts";
import type { Viewer } from "#common/viewer.ts";

export type RootData = SharedPageData & Pick<Viewer, "user" | "isAdmin" | "reviewsDue">;

/** The root's shared data with who is signed in, as far as the browser knows yet (a visitor until then). */
export function useRootData(): RootData {
  const data = useSharedData();
  const viewer = useViewer();
  return { ...data, user: viewer?.user ?? null, isAdmin: viewer?.isAdmin ?? false, reviewsDue: viewer?.reviewsDue ?? 0 };
}
