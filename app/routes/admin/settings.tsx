import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { SettingsScreen } from "#app/components/admin/settings/settings-screen.tsx";
import { adminSection } from "#app/lib/admin-sections.ts";
import { loadWithRetries } from "#app/lib/load-with-retries.ts";
import { seo } from "#app/lib/seo.ts";
import { DEFAULT_FAVICON, type SiteSettings } from "#common/settings.ts";
import {
  appSettingsSchema,
  bannerSettingsSchema,
  contentSettingsSchema,
  imageToasts,
  imageUploadKinds,
  setImageSchema,
  settingsText,
  socialSettingsSchema,
} from "#common/settings-forms.ts";
import type { ToastMessage } from "#common/toast.ts";
import { changeRecorder } from "#server/admin/change-log.server.ts";
import { requireAdmin, toastHeaders } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { readSettingsForAdmin, replaceSettingsImage, updateSettings } from "#server/settings/settings-admin.server.ts";
import type { Route } from "./+types/settings";
import { MediaImportRefused } from "#server/uploads/media-import.server.ts";

const section = adminSection("/admin/settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const runtime = getRuntime(context);
  const origin = runtime.env.PUBLIC_URL.replace(/\/+$/, "");
  try {
    // Straight from the database, not the public cache: the admin sees the stored record (SPEC §7).
    return { settings: await readSettingsForAdmin(runtime), error: null, origin };
  } catch (error) {
    runtime.logger.error("Loading the settings screen failed", error);
    return { settings: null, error: error instanceof Error && error.message ? error.message : "Please try again later", origin };
  }
}

/**
 * SPEC §4: the settings are read with up to 3 retries (1, 2 and 4 s apart) on every client navigation and
 * revalidation, such as the one on window focus; the first page's data comes with its HTML.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadWithRetries(serverLoader, { failed: (answer) => answer.error !== null });
}

const forms = {
  "save-app": { schema: appSettingsSchema, ok: settingsText.appSaved, failed: settingsText.appFailed },
  "save-content": { schema: contentSettingsSchema, ok: settingsText.contentSaved, failed: settingsText.contentFailed },
  "save-social": { schema: socialSettingsSchema, ok: settingsText.socialSaved, failed: settingsText.socialFailed },
  "save-banner": { schema: bannerSettingsSchema, ok: settingsText.bannerSaved, failed: settingsText.bannerFailed },
} as const;
export type SettingsIntent = keyof typeof forms | "set-image" | "default-favicon";

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const runtime = getRuntime(context);
  const changes = changeRecorder(runtime.env, { userId: admin.id, email: admin.email });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  const fail = (status: number, message: ToastMessage, result: unknown = null) =>
    data({ intent, ok: false as const, result, settings: null }, { status, headers: toastHeaders(context, message) });

  async function save(write: () => Promise<SiteSettings>, ok: ToastMessage, failed: ToastMessage, result: unknown = null) {
    try {
      const settings = await write();
      return data({ intent, ok: true as const, result, settings }, { headers: toastHeaders(context, ok) });
    } catch (error) {
      runtime.logger.error(`Settings ${intent} failed`, error);
      return fail(500, { ...failed, description: "Please try again later" }, result);
    }
  }

  if (intent in forms) {
    const form = forms[intent as keyof typeof forms];
    const submission = parseWithZod(formData, { schema: form.schema });
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).flat()[0];
      return fail(400, { ...form.failed, ...(first ? { description: first } : {}) }, submission.reply());
    }
    const patch = submission.value;
    return save(() => updateSettings(runtime, patch, changes), form.ok, form.failed, submission.reply());
  }

  if (intent === "set-image") {
    const submission = parseWithZod(formData, { schema: setImageSchema });
    const field = setImageSchema.shape.field.safeParse(formData.get("field"));
    const toasts = field.success ? imageToasts[field.data] : { failed: { type: "error", title: "Failed to update settings" } as const };
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).flat()[0];
      return fail(400, { ...toasts.failed, ...(first ? { description: first } : {}) });
    }
    const { field: name, url } = submission.value;
    // An outside image is copied into storage first (docs/decisions/009-outside-media-addresses.md).
    let image;
    try {
      image = await runtime.media.resolve(imageUploadKinds[name], url);
    } catch (error) {
      if (!(error instanceof MediaImportRefused)) throw error;
      return fail(400, { ...toasts.failed, description: error.message });
    }
    const saved = image.url;
    return save(() => replaceSettingsImage(runtime, name, saved, changes), imageToasts[name].ok, imageToasts[name].failed);
  }

  if (intent === "default-favicon") {
    return save(() => replaceSettingsImage(runtime, "favicon", DEFAULT_FAVICON, changes), settingsText.faviconSet, settingsText.faviconSetFailed);
  }

  throw data("Unknown action", { status: 400 });
}

/** Switching tabs changes only `?tab=`: nothing to load again for that. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    const a = new URLSearchParams(currentUrl.search);
    const b = new URLSearchParams(nextUrl.search);
    a.delete("tab");
    b.delete("tab");
    if (a.toString() === b.toString() && currentUrl.search !== nextUrl.search) return false;
  }
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: section.title, description: section.description, path: section.to, noindex: true });

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return <SettingsScreen settings={loaderData.settings} error={loaderData.error} origin={loaderData.origin} />;
}
