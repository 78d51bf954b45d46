import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { useSearchHref } from "#app/lib/use-search-href.ts";

interface PagerProps {
  /** Names the navigation landmark, e.g. "Pages of users". */
  label: string;
  page: number;
  pages: number;
  /** Keeps the scroll position, for a pager below a form whose results it pages through. */
  preventScrollReset?: boolean;
  /** The id of the element another page opens scrolled to (the heading of a list that is not at the page's top). */
  anchor?: string;
}

/**
 * Previous / "Page N of M" / Next for a list paged by the `page` search parameter. Plain links, so it works before
 * (and without) JavaScript; nothing at all when there is one page.
 */
export function Pager({ label, page, pages, preventScrollReset, anchor }: PagerProps) {
  const href = useSearchHref();
  if (pages <= 1) return null;
  const link = { preventScrollReset, pageHref: (to: number) => `${href({ page: String(to) })}${anchor ? `#${anchor}` : ""}` };
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <PageLink {...link} to={page - 1} rel="prev" disabled={page <= 1}>
        <ChevronLeft aria-hidden />
        Previous
      </PageLink>
      <p className="text-sm text-muted" aria-current="page">{`Page ${page} of ${pages}`}</p>
      <PageLink {...link} to={page + 1} rel="next" disabled={page >= pages}>
        Next
        <ChevronRight aria-hidden />
      </PageLink>
    </nav>
  );
}

interface PageLinkProps {
  to: number;
  rel: "prev" | "next";
  disabled: boolean;
  pageHref: (page: number) => string;
  preventScrollReset: boolean | undefined;
  children: React.ReactNode;
}

function PageLink({ to, rel, disabled, pageHref, preventScrollReset, children }: PageLinkProps) {
  if (disabled) {
    // A link without an address: not focusable, and announced as an unavailable link rather than as plain text.
    return (
      <a role="link" aria-disabled="true" className={cn(buttonClasses("outline", "sm"), "opacity-50")}>
        {children}
      </a>
    );
  }
  return (
    <Link to={pageHref(to)} rel={rel} preventScrollReset={preventScrollReset} className={buttonClasses("outline", "sm")}>
      {children}
    </Link>
  );
}
