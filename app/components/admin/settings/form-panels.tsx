import { LoaderCircle, Save } from "lucide-react";
import { TextAreaField, TextField } from "#app/components/admin/settings/fields.tsx";
import { ImageUploadField } from "#app/components/admin/settings/image-upload-field.tsx";
import { SettingsCard } from "#app/components/admin/settings/settings-card.tsx";
import { useSettingsForm } from "#app/components/admin/settings/use-settings-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { SiteSettings } from "#common/settings.ts";

export function SaveButton({ saving, children }: { saving: boolean; children: React.ReactNode }) {
  return (
    <Button type="submit" disabled={saving}>
      {saving ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
      {children}
    </Button>
  );
}

const linkHint = "A full address starting with https://";

export function AppLinksPanel({ settings }: { settings: SiteSettings }) {
  const { fetcher, saving, errorOf } = useSettingsForm("settings-app");
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SettingsCard title="App Links" description="Where the store buttons on the footer, /download and the app promo lead.">
        <fetcher.Form method="post" className="space-y-5" noValidate>
          <input type="hidden" name="intent" value="save-app" />
          <TextField name="app_store_link" label="App Store Link" type="url" defaultValue={settings.app_store_link} error={errorOf("app_store_link")} hint={linkHint} />
          <TextField name="play_store_link" label="Play Store Link" type="url" defaultValue={settings.play_store_link} error={errorOf("play_store_link")} hint={linkHint} />
          <SaveButton saving={saving}>Save App Settings</SaveButton>
        </fetcher.Form>
      </SettingsCard>
      <SettingsCard title="App Screenshot" description="Shown on the /download page. Saved as soon as it is uploaded.">
        <ImageUploadField kind="appScreenshot" field="app_screenshot" label="App Screenshot" current={settings.app_screenshot} previewClassName="h-56 w-36" />
      </SettingsCard>
    </div>
  );
}

const contentSections = [
  { key: "about", label: "About" },
  { key: "who_we_are", label: "Who We Are" },
  { key: "how_it_works", label: "How It Works" },
] as const;

export function ContentPanel({ settings }: { settings: SiteSettings }) {
  const { fetcher, saving, errorOf } = useSettingsForm("settings-content");
  return (
    <div className="space-y-6">
      <SettingsCard title="Hero Image" description="The large picture at the top of the home page. Saved as soon as it is uploaded.">
        <ImageUploadField kind="hero" field="hero_image" label="Hero Image" current={settings.hero_image} previewClassName="h-36 w-64 max-w-full" />
      </SettingsCard>
      <SettingsCard title="Home Page Content" description="The about block on the home page.">
        <fetcher.Form method="post" className="space-y-8" noValidate>
          <input type="hidden" name="intent" value="save-content" />
          {contentSections.map(({ key, label }) => (
            <fieldset key={key} className="space-y-4">
              <legend className="text-lg font-bold text-ink">{label}</legend>
              <TextField name={`${key}_title`} label={`${label} Title`} defaultValue={settings[`${key}_title`]} error={errorOf(`${key}_title`)} />
              <TextAreaField name={`${key}_content`} label={`${label} Content`} defaultValue={settings[`${key}_content`]} error={errorOf(`${key}_content`)} />
            </fieldset>
          ))}
          <SaveButton saving={saving}>Save Content</SaveButton>
        </fetcher.Form>
      </SettingsCard>
    </div>
  );
}

const socialNetworks = [
  { name: "facebook_link", label: "Facebook", placeholder: "https://www.facebook.com/yourpage" },
  { name: "twitter_link", label: "Twitter", placeholder: "https://twitter.com/yourhandle" },
  { name: "instagram_link", label: "Instagram", placeholder: "https://www.instagram.com/yourhandle" },
  { name: "linkedin_link", label: "LinkedIn", placeholder: "https://www.linkedin.com/company/yourcompany" },
  { name: "pinterest_link", label: "Pinterest", placeholder: "https://www.pinterest.com/yourhandle" },
] as const;

export function SocialPanel({ settings }: { settings: SiteSettings }) {
  const { fetcher, saving, errorOf } = useSettingsForm("settings-social");
  return (
    <SettingsCard title="Social Links" description="The footer shows only the networks filled in here. Leave a field empty to hide it.">
      <fetcher.Form method="post" className="grid gap-5 md:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="save-social" />
        {socialNetworks.map((n) => (
          <TextField key={n.name} name={n.name} label={n.label} type="url" placeholder={n.placeholder} defaultValue={settings[n.name]} error={errorOf(n.name)} />
        ))}
        <div className="md:col-span-2">
          <SaveButton saving={saving}>Save Social Links</SaveButton>
        </div>
      </fetcher.Form>
    </SettingsCard>
  );
}
