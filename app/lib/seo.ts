import type { MetaDescriptor } from "react-router";

interface RootMetaData {
  siteName: string;
  publicUrl: string;
}

/** The root loader's data as a route's `meta` sees it (matches[0] is always the root route). */
export function rootMeta(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): RootMetaData {
  const root = matches.find((m) => m?.id === "root")?.loaderData as Partial<RootMetaData> | undefined;
  return { siteName: root?.siteName ?? "Phrasewise", publicUrl: root?.publicUrl ?? "" };
}

export interface SeoInput {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** Path of the canonical URL, such as "/languages". */
  path: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
}

function absolute(publicUrl: string, pathOrUrl: string) {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function seo(matches: Parameters<typeof rootMeta>[0], input: SeoInput): MetaDescriptor[] {
  const { siteName, publicUrl } = rootMeta(matches);
  const title = `${input.title} | ${siteName}`;
  const url = absolute(publicUrl, input.path);
  const image = absolute(publicUrl, input.image || "/images/og-image.png");
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
