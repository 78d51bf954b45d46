import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { CatalogOption, CatalogSelection } from "#app/components/admin/catalog-select.tsx";
import type { PhraseTreeData } from "#app/routes/admin/phrase-tree.ts";

/** Where one node's children come from: a language's levels, a level's lessons, or a lesson's audio groups. */
export function phraseTreeHref(languageId: string, levelId?: string, lessonId?: string) {
  const params = new URLSearchParams({ language: languageId });
  if (levelId) params.set("level", levelId);
  if (lessonId) params.set("lesson", lessonId);
  return `/admin/phrases/tree?${params}`;
}

function useTreeAnswer(href: string | null) {
  const fetcher = useFetcher<PhraseTreeData>();
  const { load } = fetcher;
  useEffect(() => {
    if (href) void load(href);
  }, [href, load]);
  return fetcher.data;
}

/**
 * The options of cascading catalogue selects without the whole catalogue: the levels of the chosen language, the
 * lessons of the chosen level and, when the caller picks a lesson too, its audio groups, each fetched when its
 * parent is chosen (a few dozen rows each). An answer for an earlier choice is ignored until the current one arrives.
 */
export function usePhraseTreeChoices({ languageId, levelId, lessonId = "" }: { languageId: string; levelId: string; lessonId?: string }) {
  const levelData = useTreeAnswer(languageId ? phraseTreeHref(languageId) : null);
  const lessonData = useTreeAnswer(languageId && levelId ? phraseTreeHref(languageId, levelId) : null);
  const groupData = useTreeAnswer(languageId && levelId && lessonId ? phraseTreeHref(languageId, levelId, lessonId) : null);
  return {
    levels: levelData?.kind === "levels" && levelData.languageId === languageId ? levelData.levels : [],
    lessons: lessonData?.kind === "lessons" && lessonData.languageId === languageId && lessonData.levelId === levelId ? lessonData.lessons : [],
    groups:
      groupData?.kind === "groups" && groupData.languageId === languageId && groupData.levelId === levelId && groupData.lessonId === lessonId
        ? groupData.groups
        : [],
  };
}

export type LanguageOption = { id: string; name: string };

/** The cascading selects' options: the languages come with the page, the rest is fetched as it is chosen. */
export function useLazyCatalog(languages: LanguageOption[], selection: CatalogSelection): CatalogOption[] {
  const { languageId, levelId } = selection;
  const { levels, lessons } = usePhraseTreeChoices({ languageId, levelId });
  return languages.map((language) => ({
    id: language.id,
    name: language.name,
    levels: language.id === languageId ? levels.map((level) => ({ ...level, lessons: level.id === levelId ? lessons : [] })) : [],
  }));
}
