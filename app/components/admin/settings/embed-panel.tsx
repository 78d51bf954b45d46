import { Check, Copy, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { SaveButton } from "#app/components/admin/settings/form-panels.tsx";
import { SettingsCard } from "#app/components/admin/settings/settings-card.tsx";
import { useSettingsForm } from "#app/components/admin/settings/use-settings-form.ts";
import { notify } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { inputClasses } from "#app/components/ui/form-field.tsx";
import { AA_TEXT_CONTRAST, contrastRatio, formatRatio, readCssColor } from "#app/lib/color-contrast.ts";
import { cn } from "#app/lib/cn.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { bannerSizes, type BannerSize, type SiteSettings } from "#common/settings.ts";
import {
  BANNER_PADDING,
  BANNER_VERTICAL_MAX_WIDTH,
  bannerSizeStyles,
  COPY_CONFIRM_MS,
  embedSnippet,
  isSafeColor,
  settingsText,
} from "#common/settings-forms.ts";

type Colors = Pick<SiteSettings, "banner_bg_color" | "banner_text_color" | "banner_cta_color" | "banner_cta_bg_color">;
interface BannerDraft extends Colors {
  banner_title: string;
  banner_description: string;
  banner_cta_text: string;
  banner_size: BannerSize;
  banner_show_logo: boolean;
}

const colorFields = [
  { name: "banner_bg_color", label: "Background Color" },
  { name: "banner_text_color", label: "Text Color" },
  { name: "banner_cta_bg_color", label: "Button Background Color" },
  { name: "banner_cta_color", label: "Button Text Color" },
] as const;

export function EmbedPanel({ settings, origin }: { settings: SiteSettings; origin: string }) {
  const { fetcher, saving, errorOf } = useSettingsForm("settings-banner");
  const [draft, setDraft] = useState<BannerDraft>(() => draftOf(settings));
  const set = <K extends keyof BannerDraft>(key: K, value: BannerDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <div className="space-y-6">
      <EmbedCode origin={origin} />
      <fetcher.Form method="post" noValidate className="grid gap-6 xl:grid-cols-2">
        <input type="hidden" name="intent" value="save-banner" />
        <div className="space-y-6">
          <SettingsCard title="Banner Content" description="What the banner says. It links to your /download page.">
            <div className="space-y-5">
              <ControlledField name="banner_title" label="Banner Title" value={draft.banner_title} onChange={(v) => set("banner_title", v)} error={errorOf("banner_title")} />
              <div>
                <label htmlFor="settings-banner_description" className="mb-1.5 block text-sm font-semibold text-ink">
                  Banner Description
                </label>
                <textarea
                  id="settings-banner_description"
                  name="banner_description"
                  rows={3}
                  value={draft.banner_description}
                  onChange={(e) => set("banner_description", e.currentTarget.value)}
                  className={inputClasses}
                />
              </div>
              <ControlledField name="banner_cta_text" label="Button Text" value={draft.banner_cta_text} onChange={(v) => set("banner_cta_text", v)} error={errorOf("banner_cta_text")} />
              <div>
                <label htmlFor="settings-banner_size" className="mb-1.5 block text-sm font-semibold text-ink">
                  Banner Size
                </label>
                <select
                  id="settings-banner_size"
                  name="banner_size"
                  value={draft.banner_size}
                  onChange={(e) => set("banner_size", e.currentTarget.value as BannerSize)}
                  className={inputClasses}
                >
                  {bannerSizes.map((size) => (
                    <option key={size} value={size}>
                      {size[0]!.toUpperCase() + size.slice(1)}
                    </option>
                  ))}
                </select>
              </div>
              <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-ink">
                <input
                  type="checkbox"
                  name="banner_show_logo"
                  checked={draft.banner_show_logo}
                  onChange={(e) => set("banner_show_logo", e.currentTarget.checked)}
                  className="size-5 accent-brand-700"
                />
                Show Logo
              </label>
            </div>
          </SettingsCard>
          <SettingsCard title="Banner Colors" description="Any CSS color, for example #F5F3FF.">
            <div className="grid gap-5 sm:grid-cols-2">
              {colorFields.map(({ name, label }) => (
                <ColorField key={name} name={name} label={label} value={draft[name] ?? ""} onChange={(v) => set(name, v)} error={errorOf(name)} />
              ))}
            </div>
            <ContrastWarnings colors={draft} />
          </SettingsCard>
          <SaveButton saving={saving}>Save Banner Settings</SaveButton>
        </div>
        <BannerPreviewCard draft={draft} logo={settings.logo} />
      </fetcher.Form>
    </div>
  );
}

function draftOf(s: SiteSettings): BannerDraft {
  return {
    banner_title: s.banner_title ?? "",
    banner_description: s.banner_description ?? "",
    banner_cta_text: s.banner_cta_text ?? "",
    banner_size: s.banner_size,
    banner_show_logo: s.banner_show_logo,
    banner_bg_color: s.banner_bg_color,
    banner_text_color: s.banner_text_color,
    banner_cta_color: s.banner_cta_color,
    banner_cta_bg_color: s.banner_cta_bg_color,
  };
}

function EmbedCode({ origin }: { origin: string }) {
  const snippet = embedSnippet(origin);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      notify(settingsText.copied);
    } catch {
      notify({ type: "error", title: "Could not copy the embed code", description: "Select the code and copy it by hand." });
    }
  }
  return (
    <SettingsCard title="Embed Code" description="Paste this where the banner should appear on another website.">
      <pre
        aria-label="Embed code"
        tabIndex={0}
        className="overflow-x-auto rounded-xl bg-ink p-4 text-sm whitespace-pre text-white"
        data-testid="embed-snippet"
      >
        <code>{snippet}</code>
      </pre>
      <Button type="button" variant="outline" className="mt-4" onClick={() => void copy()}>
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied ? "Copied!" : "Copy Code"}
      </Button>
    </SettingsCard>
  );
}

function ControlledField({ name, label, value, onChange, error }: { name: string; label: string; value: string; onChange: (v: string) => void; error?: string | undefined }) {
  const id = `settings-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClasses}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const hexColor = /^#[0-9a-f]{6}$/i;

/** A free-text colour (SPEC §5) with a picker beside it; the picker only understands #rrggbb. */
function ColorField({ name, label, value, onChange, error }: { name: string; label: string; value: string; onChange: (v: string) => void; error?: string | undefined }) {
  const id = `settings-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={hexColor.test(value) ? value.toLowerCase() : "#000000"}
          onChange={(e) => onChange(e.currentTarget.value)}
          className="h-12 w-14 shrink-0 cursor-pointer rounded-xl border border-[#9089a6] bg-white p-1"
        />
        <input
          id={id}
          name={name}
          type="text"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          className={inputClasses}
        />
      </div>
      {error ? <p className="mt-1.5 text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}

const contrastPairs = [
  { text: "banner_text_color", background: "banner_bg_color", name: "Text on the background" },
  { text: "banner_cta_color", background: "banner_cta_bg_color", name: "Button text on the button background" },
] as const;

/**
 * A warning, not a refusal (colours are free text, SPEC §5, and the defaults themselves fall short), for a text
 * colour that is hard to read on its background. The browser reads the colours, so it shows once hydrated.
 */
function ContrastWarnings({ colors }: { colors: Colors }) {
  const hydrated = useHydrated();
  const warnings = hydrated
    ? contrastPairs.flatMap(({ text, background, name }) => {
        const [fg, bg] = [safe(colors[text]), safe(colors[background])].map((c) => (c ? readCssColor(c) : null));
        const ratio = fg && bg ? contrastRatio(fg, bg) : null;
        return ratio !== null && ratio < AA_TEXT_CONTRAST ? [{ name, ratio }] : [];
      })
    : [];
  return (
    <div aria-live="polite" className="empty:hidden mt-5 space-y-2">
      {warnings.map(({ name, ratio }) => (
        <p key={name} data-contrast-warning className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {name}: contrast {formatRatio(ratio)}, below the {AA_TEXT_CONTRAST}:1 that WCAG AA asks for text. Some visitors will find it hard to
            read.
          </span>
        </p>
      ))}
    </div>
  );
}

function BannerPreviewCard({ draft, logo }: { draft: BannerDraft; logo: string | null }) {
  const [layout, setLayout] = useState<"horizontal" | "vertical">("horizontal");
  return (
    <SettingsCard title="Live Preview" description="How the banner looks on another website.">
      <div role="group" aria-label="Preview layout" className="inline-grid grid-cols-2 rounded-full bg-brand-50 p-1">
        {(["horizontal", "vertical"] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={layout === value}
            onClick={() => setLayout(value)}
            className={cn(
              "min-h-10 rounded-full px-4 text-sm font-semibold transition-colors",
              layout === value ? "bg-white text-brand-800 shadow-sm" : "text-muted hover:text-ink",
            )}
          >
            {value === "horizontal" ? "Horizontal" : "Vertical"}
          </button>
        ))}
      </div>
      <div className="mt-5 overflow-x-auto rounded-xl border border-dashed border-brand-200 p-3">
        <BannerPreview draft={draft} logo={logo} layout={layout} />
      </div>
    </SettingsCard>
  );
}

/** A colour as typed applies only once it is a colour: the preview is rendered on the server too, as CSS text. */
const safe = (value: string | null) => (isSafeColor(value) ? value : undefined);

/** The same layout and §9 sizes as /embed/banner.js draws on the host page. */
export function BannerPreview({ draft, logo, layout }: { draft: BannerDraft; logo: string | null; layout: "horizontal" | "vertical" }) {
  const size = bannerSizeStyles[draft.banner_size];
  const vertical = layout === "vertical";
  return (
    <div
      data-testid="banner-preview"
      data-layout={layout}
      style={{
        background: safe(draft.banner_bg_color),
        color: safe(draft.banner_text_color),
        padding: BANNER_PADDING,
        maxWidth: vertical ? BANNER_VERTICAL_MAX_WIDTH : undefined,
        margin: vertical ? "0 auto" : undefined,
      }}
      className={cn("flex gap-4 rounded-xl font-sans", vertical ? "flex-col items-center text-center" : "flex-wrap items-center")}
    >
      {draft.banner_show_logo && logo ? <img src={logo} alt="" style={{ height: size.logo }} className="w-auto" /> : null}
      <div className="min-w-0 flex-[1_1_200px] [overflow-wrap:anywhere]">
        <p style={{ fontSize: size.title, lineHeight: 1.25 }} className="font-bold">
          {draft.banner_title}
        </p>
        <p style={{ fontSize: size.description, lineHeight: 1.45 }} className="mt-1 opacity-90">
          {draft.banner_description}
        </p>
      </div>
      <span
        style={{ background: safe(draft.banner_cta_bg_color), color: safe(draft.banner_cta_color) }}
        className="inline-block max-w-full rounded-lg px-4 py-2.5 text-sm font-bold [overflow-wrap:anywhere]"
      >
        {draft.banner_cta_text}
      </span>
    </div>
  );
}
