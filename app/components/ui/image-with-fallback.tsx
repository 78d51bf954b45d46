import { useCallback, useState } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/**
 * An <img> that swaps to a placeholder when its source fails. A server-rendered image can fail before React
 * hydrates and attaches onError, so the ref also checks an image that already finished without pixels.
 */
export function ImageWithFallback({
  src,
  fallback = PLACEHOLDER_IMAGE,
  alt,
  ...props
}: React.ComponentProps<"img"> & { fallback?: string }) {
  const [failed, setFailed] = useState(!src);
  const checkAlreadyFailed = useCallback((img: HTMLImageElement | null) => {
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, []);
  return (
    <img
      ref={failed ? undefined : checkAlreadyFailed}
      src={failed ? fallback : src}
      alt={alt}
      onError={() => setFailed(true)}
      {...props}
    />
  );
}
