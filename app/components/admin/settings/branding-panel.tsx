import { LoaderCircle, RotateCcw } from "lucide-react";
import { ImageUploadField, useReloadAfterFavicon } from "#app/components/admin/settings/image-upload-field.tsx";
import { SettingsCard } from "#app/components/admin/settings/settings-card.tsx";
import { useSettingsForm } from "#app/components/admin/settings/use-settings-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { DEFAULT_FAVICON, type SiteSettings } from "#common/settings.ts";

export function BrandingPanel({ settings }: { settings: SiteSettings }) {
  const reset = useSettingsForm("settings-default-favicon");
  useReloadAfterFavicon(reset.fetcher);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SettingsCard
        title="Website Logo"
        description="Shown in the header and the footer. On the dark footer an uploaded logo sits on a light chip, so any colors stay readable."
      >
        <ImageUploadField kind="logo" field="logo" label="Logo" current={settings.logo} hint="Image files only (PNG, JPEG, WebP or GIF)." />
        <div className="mt-4 flex items-center gap-3 rounded-xl bg-ink p-3" aria-hidden>
          {settings.logo ? <img src={settings.logo} alt="" className="h-9 w-auto max-w-[11rem] rounded-lg bg-white px-2 py-1 object-contain" /> : null}
          <span className="text-xs text-white/80">Footer preview</span>
        </div>
      </SettingsCard>
      <SettingsCard title="Favicon" description="Shown in browser tabs. The page reloads after a change so you can see it.">
        <ImageUploadField
          kind="favicon"
          field="favicon"
          label="Favicon"
          current={settings.favicon}
          previewClassName="size-20"
          hint="Image files only; a square image works best."
        />
        <reset.fetcher.Form method="post" className="mt-5">
          <input type="hidden" name="intent" value="default-favicon" />
          <Button type="submit" variant="outline" disabled={reset.saving || settings.favicon === DEFAULT_FAVICON}>
            {reset.saving ? <LoaderCircle className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
            Use Default Favicon
          </Button>
        </reset.fetcher.Form>
      </SettingsCard>
    </div>
  );
}
