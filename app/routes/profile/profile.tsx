import { announceLearnerChange } from "#server/learning/learner-changes.server.ts";
import { DownloadedLessons } from "#app/components/offline/downloaded-lessons.tsx";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowRight, BookOpen, Heart, LoaderCircle, LogOut, Pause, Play, Save, Trash2 } from "lucide-react";
import { Avatar } from "radix-ui";
import { data, Form, useFetcher, useNavigation } from "react-router";
import { Link } from "#app/lib/page-router.tsx";
import { Container, PageHeader } from "#app/components/page-header.tsx";
import { useRefreshWhenIdle } from "#app/lib/use-refresh-when-idle.ts";
import { DailyGoal } from "#app/components/profile/daily-goal.tsx";
import { ReviewSettings } from "#app/components/profile/review-settings.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormField, inputClasses } from "#app/components/ui/form-field.tsx";
import { Pager } from "#app/components/ui/pager.tsx";
import { initialOf } from "#common/account-display.ts";
import { USERNAME_MAX } from "#common/account-limits.ts";
import { profileSchema } from "#common/account-schema.ts";
import { useDeferredValidation } from "#app/lib/forms/deferred-validation.ts";
import { useAudioPlayer } from "#app/lib/audio/use-audio-player.ts";
import { lessonHref } from "#common/catalog.ts";
import { cn } from "#app/lib/cn.ts";
import { useLiveEvents } from "#app/lib/live-events.ts";
import { seo } from "#app/lib/seo.ts";
import { goalSettingsSchema, goalText, timeZoneFormSchema } from "#common/goal-settings.ts";
import { learnerDay } from "#common/learner-day.ts";
import { authText, errorTitles } from "#common/toast.ts";
import { requireUser, toastHeaders } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import {
  getProfile,
  listFavorites,
  progressByLanguage,
  removeFavorite,
  updateUsername,
  type FavoriteView,
  type FavoritesPage,
} from "#server/learning/learning.server.ts";
import { streakSummary } from "#server/review/activity.server.ts";
import { dueCount } from "#server/review/deck.server.ts";
import { getLearnerSettings, updateLearnerSettings } from "#server/review/learner-settings.server.ts";
import type { Route } from "./+types/profile";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

type Tab = "progress" | "favorites";

/**
 * The Your Learning card's heading: a page of favorites opens scrolled to it, as the list it pages through (below the
 * sticky header and the card's padding: scroll-mt-28).
 */
const LEARNING_TITLE_ID = "learning-title";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const runtime = getRuntime(context);
  const db = runtime.database.db;
  const now = new Date();
  const catalog = await runtime.catalog();
  const params = new URL(request.url).searchParams;
  const tab: Tab = params.get("tab") === "favorites" ? "favorites" : "progress";
  // Only the open tab's list: a learner's favourites can run to thousands (10,000 in bench:review), and the page
  // carries its data for hydration whether the list is shown or not.
  const [profile, progress, favorites, goal] = await Promise.all([
    getProfile(db, user),
    tab === "progress" ? progressByLanguage(db, user.id, catalog) : [],
    tab === "favorites" ? listFavorites(db, user.id, Number.parseInt(params.get("page") ?? "1", 10)) : null,
    getLearnerSettings(db, user.id).then(async (settings) => {
      const owner = { userId: user.id, deckIncludesCompleted: settings.deckIncludesCompleted, catalog };
      const [summary, reviewsDue] = await Promise.all([
        streakSummary(db, user.id, settings, now),
        dueCount(runtime.database, owner, learnerDay(now, settings.timeZone), now),
      ]);
      return { settings, summary, reviewsDue };
    }),
  ]);
  return { email: user.email, profile, progress, favorites, tab, goal, timeZones: timeZoneList() };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/profile/profile", args);

let zones: string[] | undefined;
/** Every IANA zone this runtime knows, and UTC (which Intl.supportedValuesOf leaves out), sorted. */
function timeZoneList(): string[] {
  zones ??= [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC"])].sort();
  return zones;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const runtime = getRuntime(context);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "update-goal" || intent === "update-time-zone") {
    const goal = intent === "update-goal";
    const submission = goal
      ? parseWithZod(formData, { schema: goalSettingsSchema })
      : parseWithZod(formData, { schema: timeZoneFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const value = submission.value;
    try {
      await updateLearnerSettings(
        runtime.database.db,
        user.id,
        "timeZone" in value
          ? { timeZone: value.timeZone }
          : { goal: { kind: value.kind, target: value.target }, deckIncludesCompleted: value.deckIncludesCompleted },
      );
    } catch (error) {
      runtime.logger.error("Saving a learner's goal settings failed", error);
      const failed = goal ? goalText.goalFailed : goalText.timeZoneFailed;
      return data({ intent, result: submission.reply() }, { status: 500, headers: toastHeaders(context, failed) });
    }
    await announceLearnerChange(runtime, user.id);
    const saved = "timeZone" in value ? goalText.timeZoneSaved(value.timeZone) : goalText.goalSaved;
    return data({ intent, result: submission.reply() }, { headers: toastHeaders(context, saved) });
  }

  if (intent === "update-profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await updateUsername(runtime.database.db, user.id, submission.value.username);
    } catch (error) {
      runtime.logger.error("Updating a profile failed", error);
      return data(
        { intent, result: submission.reply() },
        { status: 500, headers: toastHeaders(context, { type: "error", title: errorTitles.profile, description: "Please try again." }) },
      );
    }
    await announceLearnerChange(runtime, user.id);
    return data({ intent, result: submission.reply() }, { headers: toastHeaders(context, authText.profileUpdated) });
  }

  if (intent === "remove-favorite") {
    const favoriteId = String(formData.get("favoriteId") ?? "");
    const removed = uuid.test(favoriteId) && (await removeFavorite(runtime.database.db, user.id, favoriteId));
    if (!removed) {
      const message = { type: "error", title: errorTitles.removeFavorite, description: "That favorite was not found." } as const;
      return data({ intent, result: null }, { status: 404, headers: toastHeaders(context, message) });
    }
    await announceLearnerChange(runtime, user.id);
    return data({ intent, result: null }, { headers: toastHeaders(context, authText.favoriteRemoved) });
  }

  throw data("Unknown action", { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Your Profile", description: "Your account, daily goal, learning progress and favorite phrases.", path: "/profile", noindex: true });

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, profile, progress, favorites, tab, goal, timeZones } = loaderData;
  const { settings } = goal;
  const lastResult = actionData && "intent" in actionData ? { intent: String(actionData.intent), result: actionData.result } : undefined;
  // The app synced (or another tab changed something): read the page's data again, as after a reconnect.
  const refresh = useRefreshWhenIdle();
  useLiveEvents({ on: { "sync.available": refresh }, onReconnect: refresh });
  return (
    <>
      <PageHeader title="Your Profile" description="Your account, your daily goal, your progress and the phrases you saved." />
      <Container className="grid gap-8 pb-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.7fr)]">
        <DailyGoal summary={goal.summary} reviewsDue={goal.reviewsDue} />
        <div className="grid gap-8 self-start">
          <AccountCard
            email={email}
            username={profile.username}
            avatarUrl={profile.avatarUrl}
            lastResult={lastResult?.intent === "update-profile" ? (lastResult.result ?? undefined) : undefined}
          />
          <ReviewSettings
            goal={settings.goal}
            deckIncludesCompleted={settings.deckIncludesCompleted}
            timeZone={settings.timeZone}
            timeZoneKnown={settings.timeZoneKnown}
            timeZones={timeZones}
            lastResult={lastResult}
          />
          <DownloadedLessons />
        </div>
        <section
          aria-labelledby={LEARNING_TITLE_ID}
          className="self-start rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7"
        >
          <h2 id={LEARNING_TITLE_ID} className="scroll-mt-28 text-xl font-bold text-ink">
            Your Learning
          </h2>
          <nav aria-label="Your Learning" className="mt-4 grid grid-cols-2 rounded-full bg-brand-50 p-1 sm:inline-grid sm:w-80">
            {(
              [
                ["progress", "Progress", BookOpen],
                ["favorites", "Favorites", Heart],
              ] as const
            ).map(([value, label, Icon]) => (
              <Link
                key={value}
                to={value === "favorites" ? "?tab=favorites" : "?"}
                replace
                preventScrollReset
                aria-current={tab === value ? "page" : undefined}
                className={cn(
                  "flex min-h-11 items-center justify-center gap-2 rounded-full text-sm font-semibold transition-colors",
                  tab === value ? "bg-white text-brand-800 shadow-sm" : "text-muted hover:text-ink",
                )}
              >
                <Icon className="size-4" aria-hidden />
                {label}
              </Link>
            ))}
          </nav>
          <div className="mt-6">{tab === "progress" ? <ProgressList progress={progress} /> : <FavoriteList shown={favorites} />}</div>
        </section>
      </Container>
    </>
  );
}

function AccountCard({
  email,
  username,
  avatarUrl,
  lastResult,
}: {
  email: string;
  username: string;
  avatarUrl: string | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile";
  const validation = useDeferredValidation(() => import("#common/account-schema.ts").then((m) => m.profileSchema), { shouldValidate: "onBlur", shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult,
    defaultValue: { username },
    constraint: { username: { required: true, maxLength: USERNAME_MAX } },
    ...validation.options,
  });
  return (
    <section
      aria-labelledby="account-title"
      className="self-start rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7"
    >
      <h2 id="account-title" className="sr-only">
        Account
      </h2>
      <div className="flex items-center gap-4">
        <Avatar.Root className="inline-flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100">
          {avatarUrl ? <Avatar.Image src={avatarUrl} alt="" className="size-full object-cover" /> : null}
          <Avatar.Fallback className="text-2xl font-bold text-brand-800" aria-hidden>
            {initialOf(username)}
          </Avatar.Fallback>
        </Avatar.Root>
        <div className="min-w-0">
          <p className="truncate text-lg font-bold text-ink">{username}</p>
          <p className="truncate text-sm text-muted">{email}</p>
        </div>
      </div>
      <Form method="post" {...getFormProps(form)} {...validation.formProps} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="update-profile" />
        <FormField field={fields.username} label="Username">
          <input {...getInputProps(fields.username, { type: "text" })} autoComplete="username" className={inputClasses} />
        </FormField>
        <div>
          <label htmlFor="profile-email" className="mb-1.5 block text-sm font-semibold text-ink">
            Email
          </label>
          <input id="profile-email" type="email" value={email} readOnly className={inputClasses} />
        </div>
        <Button type="submit" className="w-full" disabled={saving}>
          {saving ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          Update Profile
        </Button>
      </Form>
      <Form method="post" action="/auth/sign-out" className="mt-3">
        <Button type="submit" variant="outline" className="w-full">
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </Form>
    </section>
  );
}

function ProgressList({ progress }: { progress: Awaited<ReturnType<typeof loader>>["progress"] }) {
  if (progress.length === 0) {
    return (
      <EmptyLearning text="You haven't started any lessons yet." action="Start Learning" />
    );
  }
  return (
    <ul className="space-y-5">
      {progress.map((item) => {
        const percent = item.total > 0 ? Math.round((item.completed / item.total) * 100) : 0;
        return (
          <li key={item.languageId}>
            <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <Link to={`/${item.languageId}`} className="font-semibold text-ink hover:text-brand-800">
                {item.languageName}
              </Link>
              <span className="flex flex-wrap items-baseline gap-x-1.5 text-sm font-medium text-muted tabular-nums">
                <span>
                  {item.completed} / {item.total} lessons
                </span>
                {/* Lessons only the app opens: never in the count, so a learner can reach 100% here. */}
                {item.locked > 0 ? <span className="text-accent-700">+ {item.locked} in the app</span> : null}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={`${item.languageName} progress`}
              aria-valuemin={0}
              aria-valuemax={item.total}
              aria-valuenow={item.completed}
              className="h-2.5 overflow-hidden rounded-full bg-brand-100"
            >
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
            </div>
            {item.resume ? (
              <Link
                to={item.resume.href}
                className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                Continue: {item.resume.title}
                <ArrowRight className="size-4 shrink-0" aria-hidden />
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function FavoriteList({ shown }: { shown: FavoritesPage | null }) {
  if (!shown || shown.favorites.length === 0) {
    return <EmptyLearning text="You haven't saved any favorite phrases yet." action="Explore Phrases" />;
  }
  return (
    <div className="grid gap-4">
      <ul className="divide-y divide-brand-100">
        {shown.favorites.map((favorite) => (
          <FavoriteRow key={favorite.id} favorite={favorite} />
        ))}
      </ul>
      <Pager label="Pages of favorites" page={shown.page} pages={shown.pages} anchor={LEARNING_TITLE_ID} />
    </div>
  );
}

function FavoriteRow({ favorite }: { favorite: FavoriteView }) {
  const fetcher = useFetcher();
  const player = useAudioPlayer(`favorite:${favorite.id}`, favorite.audioUrl, { preload: "none" });
  const removing = fetcher.state !== "idle";
  return (
    // A grid, so the language and lesson line runs under the Remove button too (a 390 px row is narrow).
    <li className={cn("grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-x-3 py-3", removing && "opacity-50")}>
      <button
        type="button"
        onClick={() => void player.toggle()}
        onPointerEnter={player.warm}
        onPointerDown={player.warm}
        onFocus={player.warm}
        aria-label={`${player.playing ? "Pause" : "Play"} "${favorite.originalText}"`}
        className="row-span-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
      >
        {player.playing ? <Pause className="size-4 fill-current" aria-hidden /> : <Play className="size-4 translate-x-px fill-current" aria-hidden />}
      </button>
      <div className="min-w-0">
        <p className="font-semibold break-words text-ink">{favorite.originalText}</p>
        <p className="break-words text-muted">{favorite.translatedText}</p>
      </div>
      <fetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="remove-favorite" />
        <input type="hidden" name="favoriteId" value={favorite.id} />
        <Button type="submit" variant="ghost" size="sm" disabled={removing} aria-label={`Remove "${favorite.originalText}"`}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      </fetcher.Form>
      <p className="col-span-2 mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{favorite.lesson.languageName}</span>
        <Link
          to={lessonHref(favorite.lesson.languageId, favorite.lesson.levelId, favorite.lesson.lessonId)}
          className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
        >
          {favorite.lesson.title}
        </Link>
      </p>
    </li>
  );
}

function EmptyLearning({ text, action }: { text: string; action: string }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-brand-200 bg-brand-50/50 px-6 py-10 text-center">
      <p className="font-medium text-ink">{text}</p>
      <Button asChild>
        <Link to="/">{action}</Link>
      </Button>
    </div>
  );
}
