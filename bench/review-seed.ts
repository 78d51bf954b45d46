/**
 * A learner with a large review history, straight in SQL (a few seconds): 10,000 phrases in 100 open lessons, every
 * one a favourite with a card, most due in the coming year and some due now, five logged ratings per card, and a
 * year of days. For bench/review.ts.
 */
import { sql } from "drizzle-orm";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

export const reviewShape = { lessons: 100, phrasesPerLesson: 100, dueNow: 300, ratingsPerCard: 5 };
export const benchLearner = { email: "bench-reviewer@phrasewise.test", password: "bench-reviewer-pass-1" };

export async function seedReviewLearner(runtime: Runtime): Promise<string> {
  const { db } = runtime.database;
  const user = await createConfirmedUser(runtime.auth, db, benchLearner);
  const cards = reviewShape.lessons * reviewShape.phrasesPerLesson;
  await db.execute(sql`insert into languages (id, name) values ('benchlang', 'Bench Language')`);
  await db.execute(sql`insert into levels (language_id, id, title, cefr_label, order_index) values ('benchlang', 'a1', 'Beginner', 'A1', 0)`);
  await db.execute(sql.raw(`insert into lessons (language_id, level_id, id, title, translated_title, order_index)
    select 'benchlang', 'a1', 'lesson-' || s, 'Lesson ' || s, 'Lesson ' || s, s from generate_series(1, ${reviewShape.lessons}) s`));
  await db.execute(sql.raw(`insert into phrases (language_id, level_id, lesson_id, original_text, translated_text, audio_url, position, cue_start_ms, cue_end_ms)
    select 'benchlang', 'a1', 'lesson-' || s, 'Phrase ' || s || '.' || p, 'Translation ' || s || '.' || p,
      '/storage/bench/' || s || '/' || (p / 5) || '.mp3', p, (p % 5) * 1500, (p % 5) * 1500 + 1200
    from generate_series(1, ${reviewShape.lessons}) s, generate_series(0, ${reviewShape.phrasesPerLesson - 1}) p`));
  await db.execute(sql`insert into user_favorites (user_id, phrase_id, created_at)
    select ${user.id}, id, now() - interval '400 days' + (row_number() over (order by id)) * interval '1 minute' from phrases where language_id = 'benchlang'`);
  // Cards in review: the first `dueNow` are due (a day or more ago), the rest spread over the next year.
  await db.execute(sql.raw(`insert into review_cards (user_id, phrase_id, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, state, last_review)
    select '${user.id}', id,
      case when n <= ${reviewShape.dueNow} then now() - (n % 30 + 1) * interval '1 day' else now() + (n % 365 + 1) * interval '1 day' end,
      5 + n % 200, 1 + (n % 90) / 10.0, 5 + n % 200, 0, ${reviewShape.ratingsPerCard}, n % 3, 2, now() - (n % 200 + 5) * interval '1 day'
    from (select id, (row_number() over (order by id))::int as n from phrases where language_id = 'benchlang') rows`));
  await db.execute(sql.raw(`insert into review_log (id, user_id, phrase_id, rating, state, due, stability, difficulty, scheduled_days, learning_steps, reviewed_at, learner_day)
    select gen_random_uuid(), '${user.id}', c.phrase_id, 1 + (k + c.reps) % 4, least(k, 2), c.last_review - k * interval '3 days', c.stability, c.difficulty, 3, 0,
      c.last_review - k * interval '3 days', (c.last_review - k * interval '3 days')::date
    from review_cards c, generate_series(0, ${reviewShape.ratingsPerCard - 1}) k where c.user_id = '${user.id}'`));
  await db.execute(sql.raw(`insert into learner_days (user_id, day, reviews, goal_kind, goal_target)
    select '${user.id}', (now() - d * interval '1 day')::date, 100 + d % 50, 'reviews', 20 from generate_series(1, 365) d`));
  await db.execute(sql`analyze`);
  if (cards !== 10_000) throw new Error("shape changed");
  return user.id;
}
