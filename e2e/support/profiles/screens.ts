import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { blogPosts, languages, lessons, levels } from "#server/db/schema.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { insertGroup } from "#e2e/support/catalogue-rows.ts";

/**
 * The screen-by-screen review's e2e server (issue 22, e2e/admin-screens.*.spec.ts): the admin screens at 1280, 768 and
 * 390 px, tapped, on data of their own, so their writes (locks, moves, grants, edits) disturb no other area's spec.
 * The three widths run side by side, so each has its own rows: a learner, a language with two levels and a lesson
 * with one audio group of three phrases, and a blog post. Seeded without icons, as the demo seed is. Spanish holds a
 * level with a long title, only read.
 */
export const screenWidths = [1280, 768, 390] as const;
export type ScreenWidth = (typeof screenWidths)[number];

export const screensFixture = {
  learner: (width: ScreenWidth) => ({ email: `learner.${width}@phrasewise.test`, password: `learner-${width}-pass` }),
  language: (width: ScreenWidth) => ({ id: `touch-${width}`, name: `Touch ${width}` }),
  levels: [
    { id: "first", title: "First Steps", cefrLabel: "A1" },
    { id: "second", title: "Second Steps", cefrLabel: "A2" },
  ],
  lesson: { id: "numbers", title: "Numbers", translatedTitle: "Números" },
  group: [
    ["Uno", "One"],
    ["Dos", "Two"],
    ["Tres", "Three"],
  ] as const,
  // A file on this site: an address on another site would be copied in on every save (no network in tests), and
  // the phrase dialog decodes the group's audio for its cue editor, so the file must exist.
  groupAudioKey: (width: ScreenWidth) => `audio/screens-numbers-${width}.mp3`,
  groupAudioUrl: (width: ScreenWidth) => `/storage/content/audio/screens-numbers-${width}.mp3`,
  post: (width: ScreenWidth) => `Touch review at ${width} pixels`,
  longLevelTitle: "Conversational fluency for everyday situations at work and while travelling abroad",
};

export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  await db.insert(languages).values({ id: "spanish", name: "Spanish" });
  await db.insert(levels).values([
    { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 },
    { languageId: "spanish", id: "b1", title: screensFixture.longLevelTitle, cefrLabel: "B1", orderIndex: 1 },
  ]);
  const speech = await runtime.tts.synthesize(screensFixture.group.map(([original]) => original).join("\n"), "es");
  for (const width of screenWidths) {
    const stored = await runtime.storage.put("content", screensFixture.groupAudioKey(width), speech.data, speech.contentType);
    if (stored.url !== screensFixture.groupAudioUrl(width)) throw new Error(`The screens audio is at ${stored.url}`);
    await createConfirmedUser(runtime.auth, db, screensFixture.learner(width));
    const language = screensFixture.language(width);
    await db.insert(languages).values(language);
    await db.insert(levels).values(screensFixture.levels.map((level, orderIndex) => ({ languageId: language.id, ...level, orderIndex })));
    await db.insert(lessons).values({ languageId: language.id, levelId: "first", ...screensFixture.lesson, orderIndex: 0 });
    const group = { lang: language.id, level: "first", lesson: screensFixture.lesson.id, rows: screensFixture.group };
    await insertGroup(db, group, screensFixture.groupAudioUrl(width), 0);
    const title = screensFixture.post(width);
    await db.insert(blogPosts).values({ title, slug: title.toLowerCase().replaceAll(" ", "-"), content: "A post whose actions the review taps.", published: true });
  }
}
