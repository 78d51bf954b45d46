import { Link } from "#app/lib/page-router.tsx";
import { cn } from "#app/lib/cn.ts";

export const DEFAULT_LOGO = "/images/logo.svg";
/** The same logo with a white wordmark, for the dark footer. */
export const DEFAULT_LOGO_LIGHT = "/images/logo-light.svg";

export function SiteLogo({ logo, siteName, className }: { logo: string | null; siteName: string; className?: string }) {
  return (
    <Link to="/" className={cn("inline-flex items-center rounded-md", className)} aria-label={`${siteName} home`}>
      <img src={logo || DEFAULT_LOGO} alt={siteName} className="h-9 w-auto max-w-[11rem] object-contain" height={36} width={162} />
    </Link>
  );
}
