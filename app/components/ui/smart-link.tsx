import { Link, type LinkProps } from "#app/lib/page-router.tsx";
import { isExternalUrl } from "#app/lib/site-links.ts";

/** Internal paths navigate in the app; outbound links open in a new tab (SPEC §2). */
export function SmartLink({ to, children, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  if (isExternalUrl(to)) {
    const opensTab = !to.startsWith("mailto:");
    return (
      <a
        href={to}
        {...(opensTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        className={props.className}
        aria-label={props["aria-label"]}
      >
        {children}
      </a>
    );
  }
  return (
    <Link to={to} {...props}>
      {children}
    </Link>
  );
}
