import { useLocation } from "react-router";

/**
 * Builds links to this page with some search parameters changed (null or "" removes one) and the rest kept, so a
 * page link keeps the search it pages through, and a search keeps the other filters.
 */
export function useSearchHref() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") params.delete(key);
      else params.set(key, value);
    }
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}
