import { asc } from "drizzle-orm";
import {
  compareByOrder,
  type AudioGroup,
  type LanguageSummary,
  type LessonSummary,
  type LevelSummary,
  type PhraseView,
} from "#common/catalog.ts";
import type { Executor } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";

/**
 * The whole public catalogue in memory, read in four queries and kept until a catalogue change is announced on the
 * event bus. A language school's catalogue is thousands of phrases, not millions, and public pages then cost no
 * database round trip. Locked content is in here too: the access rules live in public-catalog.server.ts.
 */
export interface CatalogSnapshot {
  languages: LanguageSummary[];
  languageById: Map<string, LanguageSummary>;
  levelsByLanguage: Map<string, LevelSummary[]>;
  lessonsByLevel: Map<string, LessonSummary[]>;
  groupsByLesson: Map<string, AudioGroup[]>;
}

export const levelKey = (languageId: string, levelId: string) => JSON.stringify([languageId, levelId]);
export const lessonKey = (languageId: string, levelId: string, lessonId: string) =>
  JSON.stringify([languageId, levelId, lessonId]);

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export async function loadCatalogSnapshot(db: Executor): Promise<CatalogSnapshot> {
  const [languageRows, levelRows, lessonRows, phraseRows] = await Promise.all([
    db.select({ id: languages.id, name: languages.name, flagUrl: languages.flagUrl }).from(languages),
    db
      .select({
        languageId: levels.languageId,
        id: levels.id,
        title: levels.title,
        cefrLabel: levels.cefrLabel,
        iconUrl: levels.iconUrl,
        orderIndex: levels.orderIndex,
        isLocked: levels.isLocked,
      })
      .from(levels),
    db
      .select({
        languageId: lessons.languageId,
        levelId: lessons.levelId,
        id: lessons.id,
        title: lessons.title,
        translatedTitle: lessons.translatedTitle,
        iconUrl: lessons.iconUrl,
        orderIndex: lessons.orderIndex,
        isLocked: lessons.isLocked,
      })
      .from(lessons),
    db
      .select({
        id: phrases.id,
        languageId: phrases.languageId,
        levelId: phrases.levelId,
        lessonId: phrases.lessonId,
        originalText: phrases.originalText,
        translatedText: phrases.translatedText,
        audioUrl: phrases.audioUrl,
        cueStartMs: phrases.cueStartMs,
        cueEndMs: phrases.cueEndMs,
        reading: phrases.reading,
      })
      .from(phrases)
      .orderBy(asc(phrases.position), asc(phrases.createdAt), asc(phrases.id)),
  ]);

  const groupsByLesson = new Map<string, AudioGroup[]>();
  const phraseCount = new Map<string, number>();
  for (const row of phraseRows) {
    const key = lessonKey(row.languageId, row.levelId, row.lessonId);
    phraseCount.set(key, (phraseCount.get(key) ?? 0) + 1);
    const groups = groupsByLesson.get(key) ?? [];
    const phrase: PhraseView = { id: row.id, originalText: row.originalText, translatedText: row.translatedText, audioUrl: row.audioUrl };
    if (row.cueStartMs !== null && row.cueEndMs !== null) phrase.cue = [row.cueStartMs, row.cueEndMs];
    if (row.reading) phrase.reading = row.reading;
    const group = groups.find((g) => g.audioUrl === row.audioUrl);
    if (group) group.phrases.push(phrase);
    else groups.push({ audioUrl: row.audioUrl, phrases: [phrase] });
    groupsByLesson.set(key, groups);
  }

  const lessonsByLevel = new Map<string, LessonSummary[]>();
  for (const row of lessonRows) {
    push(lessonsByLevel, levelKey(row.languageId, row.levelId), {
      ...row,
      phraseCount: phraseCount.get(lessonKey(row.languageId, row.levelId, row.id)) ?? 0,
    });
  }
  for (const list of lessonsByLevel.values()) list.sort(compareByOrder);

  const levelsByLanguage = new Map<string, LevelSummary[]>();
  for (const row of levelRows) {
    push(levelsByLanguage, row.languageId, {
      ...row,
      lessonCount: lessonsByLevel.get(levelKey(row.languageId, row.id))?.length ?? 0,
    });
  }
  for (const list of levelsByLanguage.values()) list.sort(compareByOrder);

  const languageList = languageRows
    .map((row) => ({ ...row, levelCount: levelsByLanguage.get(row.id)?.length ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));

  return {
    languages: languageList,
    languageById: new Map(languageList.map((l) => [l.id, l])),
    levelsByLanguage,
    lessonsByLevel,
    groupsByLesson,
  };
}
