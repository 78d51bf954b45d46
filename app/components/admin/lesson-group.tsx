import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { LoaderCircle, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { DeleteButton, EditButton, LockSwitch, MoveButtons, Thumb, ViewOnSiteLink, cardClasses } from "#app/components/admin/catalog-ui.tsx";
import { RowIcon } from "#app/components/admin/row-icons.tsx";
import { defaultIcons } from "#app/components/catalog-cards.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { catalogTexts, type AdminLesson, type CatalogActionData } from "#common/catalog-admin.ts";
import { lessonHref } from "#common/catalog.ts";

/**
 * One 'language name - level title' group of the Lessons tab. Dragging (mouse, touch, or the keyboard: Space on
 * the handle, arrows, Space) leaves a pending order and a 'Save Order' button; without a pending order the list
 * follows the server's (SPEC §4).
 */
export function LessonGroup({
  heading,
  languageId,
  levelId,
  lessons,
  onEdit,
  onUnsavedChange,
}: {
  heading: string;
  languageId: string;
  levelId: string;
  lessons: AdminLesson[];
  /** Opens the page's edit dialog on a lesson. */
  onEdit: (lesson: AdminLesson) => void;
  /** Told when the group gets or loses an order that is not saved (and that it has none when it goes). */
  onUnsavedChange: (group: string, unsaved: boolean) => void;
}) {
  const [pending, setPending] = useState<string[] | null>(null);
  const saver = useFetcher<CatalogActionData>();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byId = new Map(lessons.map((l) => [l.id, l]));
  // A pending order that no longer matches the lessons (another admin added or removed one) is dropped.
  const pendingValid = pending && pending.length === lessons.length && pending.every((id) => byId.has(id));
  const ordered = pendingValid ? pending.map((id) => byId.get(id)!) : lessons;
  const unsaved = Boolean(pendingValid);
  const groupKey = `${languageId}:${levelId}`;
  useEffect(() => {
    onUnsavedChange(groupKey, unsaved);
    return () => onUnsavedChange(groupKey, false);
  }, [onUnsavedChange, groupKey, unsaved]);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const ids = ordered.map((l) => l.id);
    setPending(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  const headingId = `lessons-${languageId}-${levelId}`;
  const saving = saver.state !== "idle";
  return (
    <section aria-labelledby={headingId} className={`${cardClasses} p-4 sm:p-6`} data-lesson-group={groupKey}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-ink">
          {heading}
        </h2>
        {pendingValid ? (
          <Button
            size="sm"
            disabled={saving}
            onClick={() => {
              const body = new FormData();
              body.set("intent", "reorder");
              body.set("keyLanguageId", languageId);
              body.set("keyLevelId", levelId);
              for (const id of pending) body.append("ids", id);
              // Afterwards the list follows the server again: the saved order, or the old one with the failure toast.
              void saver.submit(body, { method: "post" }).then(() => setPending(null));
            }}
          >
            {saving ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            Save Order
          </Button>
        ) : null}
      </div>
      <DndContext id={headingId} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ordered.map((l) => l.id)} strategy={verticalListSortingStrategy}>
          <ul className="mt-4 divide-y divide-brand-100" aria-label={`Lessons of ${heading}`}>
            {ordered.map((lesson, index) => (
              <LessonRow
                key={lesson.id}
                lesson={lesson}
                first={index === 0}
                last={index === ordered.length - 1}
                movesDisabled={Boolean(pendingValid)}
                onEdit={onEdit}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </section>
  );
}

function LessonRow({
  lesson,
  first,
  last,
  movesDisabled,
  onEdit,
}: {
  lesson: AdminLesson;
  first: boolean;
  last: boolean;
  movesDisabled: boolean;
  onEdit: (lesson: AdminLesson) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: lesson.id });
  const key = { keyLanguageId: lesson.languageId, keyLevelId: lesson.levelId, keyId: lesson.id };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-wrap items-center gap-3 bg-white py-3 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
      data-lesson-row={lesson.id}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${lesson.title} to reorder`}
        className="inline-flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted hover:bg-brand-50 active:cursor-grabbing"
      >
        <RowIcon name="grip-vertical" className="size-5" />
      </button>
      <Thumb src={lesson.iconUrl} fallback={defaultIcons.lesson} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink">{lesson.title}</p>
        <p className="truncate text-sm text-muted">{lesson.translatedTitle}</p>
      </div>
      <span className="text-sm text-muted tabular-nums">Order: {lesson.orderIndex ?? catalogTexts.orderNotSet}</span>
      <span className="flex flex-wrap items-center gap-2">
        <MoveButtons name={lesson.title} first={first || movesDisabled} last={last || movesDisabled} fields={key} />
        <LockSwitch locked={lesson.isLocked} label={`Lock ${lesson.title}`} fields={key} />
        <ViewOnSiteLink name={lesson.title} href={lessonHref(lesson.languageId, lesson.levelId, lesson.id)} />
        <EditButton name={lesson.title} onEdit={() => onEdit(lesson)} />
        <DeleteButton label={`Delete ${lesson.title}`} title={`Delete ${lesson.title}?`} warning={catalogTexts.lessonDeleteConfirm} fields={key} />
      </span>
    </li>
  );
}
