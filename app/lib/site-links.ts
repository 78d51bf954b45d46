/** The public navigation (SPEC §2, shared chrome). */
export const primaryNav = [
  { to: "/", label: "Home" },
  { to: "/languages", label: "Languages" },
  { to: "/download", label: "Download App" },
  { to: "/blog", label: "Blog" },
] as const;

export function isExternalUrl(href: string) {
  return /^(https?:)?\/\//i.test(href) || /^mailto:/i.test(href);
}
