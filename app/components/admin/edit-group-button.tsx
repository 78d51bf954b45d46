import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { RowIcon } from "#app/components/admin/row-icons.tsx";
import { phraseTreeHref } from "#app/components/admin/phrase-tree-choices.ts";
import { notify } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { AdminAudioGroup } from "#common/phrases-admin.ts";
import type { PhraseTreeData } from "#app/routes/admin/phrase-tree.ts";

export type OnEditGroup = (languageId: string, levelId: string, lessonId: string, group: AdminAudioGroup) => void;

/**
 * A button that loads a lesson's audio groups and opens the one `find` picks in the phrase dialog (the Phrases tab's
 * search hits, the cue backfill's failures), or says in a toast that it is gone.
 */
export function EditGroupButton({
  lesson,
  find,
  onEdit,
  gone,
  label,
  children,
}: {
  lesson: { languageId: string; levelId: string; lessonId: string };
  find: (group: AdminAudioGroup) => boolean;
  onEdit: OnEditGroup;
  /** The toast when the lesson no longer has the group. */
  gone: { id: string; title: string };
  /** The accessible name (it starts with the visible text). */
  label: string;
  children: ReactNode;
}) {
  const fetcher = useFetcher<PhraseTreeData>();
  const wanted = useRef(false);
  const { languageId, levelId, lessonId } = lesson;
  useEffect(() => {
    const result = fetcher.data;
    if (!wanted.current || fetcher.state !== "idle" || result?.kind !== "groups") return;
    wanted.current = false;
    const group = result.groups.find(find);
    if (group) onEdit(languageId, levelId, lessonId, group);
    else notify({ id: gone.id, type: "error", title: gone.title });
  }, [fetcher.state, fetcher.data, find, onEdit, languageId, levelId, lessonId, gone.id, gone.title]);
  const busy = fetcher.state !== "idle";
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={busy}
      aria-label={label}
      onClick={() => {
        wanted.current = true;
        void fetcher.load(phraseTreeHref(languageId, levelId, lessonId));
      }}
    >
      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <RowIcon name="pencil" />}
      {children}
    </Button>
  );
}
