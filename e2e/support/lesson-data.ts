import type { Page } from "@playwright/test";

/** A phrase's cue (ms) as the lesson page's data holds it. */
export type Cue = [start: number, end: number];

/**
 * The cues of the lesson page's audio groups, from the page's own data: the lesson document's JSON when the page was
 * opened as a document (app/lesson-document/), React Router's state when a client navigation brought it.
 */
export async function lessonCues(page: Page): Promise<(Cue | null)[][]> {
  return page.evaluate(() => {
    type Groups = { phrases: { cue?: [number, number] | null }[] }[];
    const json = document.getElementById("lesson-document-data")?.textContent;
    let groups: Groups | undefined;
    if (json) {
      groups = (JSON.parse(json) as { page: { groups: Groups } }).page.groups;
    } else {
      const router = (window as unknown as { __reactRouterDataRouter?: { state: { loaderData: Record<string, unknown> } } }).__reactRouterDataRouter;
      const data = Object.values(router?.state.loaderData ?? {}).find((value) => value && typeof value === "object" && "groups" in value);
      groups = (data as { groups: Groups } | undefined)?.groups;
    }
    if (!groups) throw new Error("No lesson data on this page");
    return groups.map((group) => group.phrases.map((phrase) => phrase.cue ?? null));
  });
}
