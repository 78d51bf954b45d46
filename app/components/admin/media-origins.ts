import { useRouteLoaderData } from "react-router";
import { isDisplayable } from "#common/media-url.ts";
import type { loader as adminLayoutLoader } from "#app/routes/admin/layout.tsx";

/**
 * Whether the admin page may load a media address under its Content-Security-Policy: a path on this site, this
 * site's origin, or the storage's (S3, a CDN; from the admin layout's loader). Anything else would be blocked, so
 * a form says it will be copied on save instead of showing a broken preview.
 */
export function useIsDisplayable(): (value: string) => boolean {
  const mediaOrigins = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout")?.mediaOrigins ?? [];
  const pageOrigin = typeof window === "undefined" ? "" : window.location.origin;
  return (value) => isDisplayable(value, pageOrigin, mediaOrigins);
}
