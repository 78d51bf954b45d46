import { cn } from "#app/lib/cn.ts";

function AppleGlyph() {
  return <img src="/images/store-apple.svg" alt="" aria-hidden className="size-6 invert" width={24} height={24} />;
}
function PlayGlyph() {
  return <img src="/images/store-google-play.svg" alt="" aria-hidden className="size-6 invert" width={24} height={24} />;
}

/** App Store and Google Play buttons for whichever links are configured; nothing when neither is. */
export function StoreButtons({
  appStoreLink,
  playStoreLink,
  className,
}: {
  appStoreLink: string | null;
  playStoreLink: string | null;
  className?: string;
}) {
  if (!appStoreLink && !playStoreLink) return null;
  const itemClass =
    "inline-flex h-13 items-center gap-3 rounded-xl bg-ink px-4 text-left text-white shadow-sm transition-colors hover:bg-black";
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      {appStoreLink ? (
        <a href={appStoreLink} target="_blank" rel="noopener noreferrer" className={itemClass}>
          <AppleGlyph />
          <span className="leading-tight">
            <span className="block text-[0.7rem] opacity-80">Download on the</span>
            <span className="block text-base font-bold">App Store</span>
          </span>
        </a>
      ) : null}
      {playStoreLink ? (
        <a href={playStoreLink} target="_blank" rel="noopener noreferrer" className={itemClass}>
          <PlayGlyph />
          <span className="leading-tight">
            <span className="block text-[0.7rem] opacity-80">Get it on</span>
            <span className="block text-base font-bold">Google Play</span>
          </span>
        </a>
      ) : null}
    </div>
  );
}
