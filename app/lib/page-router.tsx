import { createContext, use, type AnchorHTMLAttributes, type ComponentType, type FormHTMLAttributes, type ReactNode } from "react";
import type { ChromeSettings } from "#app/lib/chrome.ts";
import type { ToastMessage } from "#common/toast.ts";

/**
 * What the public chrome and the lesson page ask of a router, without importing one. Every page hydrates with React
 * Router (app/lib/page-router-react-router.tsx, provided by the root), except a lesson page opened as a document,
 * which hydrates without it to keep its first visit's JavaScript small (app/lesson-document/,
 * docs/decisions/020-lesson-document.md). So the components those pages render import links, forms and the few
 * router facts they need from here, and never from "react-router" (tests/import-graph.test.ts checks it).
 */

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  /** Keeps the scroll position on a client navigation (no effect on a document's link). */
  preventScrollReset?: boolean;
  /** Replaces the current history entry on a client navigation (no effect on a document's link). */
  replace?: boolean;
  ref?: React.Ref<HTMLAnchorElement>;
};

export type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "method" | "action" | "encType"> & {
  method?: "get" | "post";
  action?: string;
  encType?: "application/x-www-form-urlencoded" | "multipart/form-data";
  preventScrollReset?: boolean;
  children?: ReactNode;
};

/** A form that posts to the page's route without leaving the page (React Router's fetcher). */
export interface PageFetcher {
  Form: ComponentType<FormProps>;
  /** What is being sent, while it is on its way. */
  formData: FormData | undefined;
}

/** The root route's data, the same for everyone (who is signed in comes from the viewer: app/lib/root-data.ts). */
export interface SharedPageData {
  siteName: string;
  publicUrl: string;
  supportEmail: string;
  chrome: ChromeSettings;
  /** Flash messages of the request that rendered the page, shown once. */
  toasts: (ToastMessage & { id: string })[];
}

export interface PageRouter {
  Link: ComponentType<LinkProps>;
  Form: ComponentType<FormProps>;
  usePathname(): string;
  /** The id of the route that answered (React Router's, such as "routes/public/lesson"), if any did. */
  useLeafRouteId(): string | undefined;
  useParams(): Readonly<Record<string, string | undefined>>;
  useFetcher(): PageFetcher;
  /** A function that reads the page's data again once nothing else is under way (news from outside the page). */
  useRefresh(): () => void;
  useSharedData(): SharedPageData;
}

const PageRouterContext = createContext<PageRouter | null>(null);
export const PageRouterProvider = PageRouterContext;

function usePageRouter(): PageRouter {
  const router = use(PageRouterContext);
  if (!router) throw new Error("A page router must be provided above this component");
  return router;
}

export function Link(props: LinkProps) {
  const { Link: RouterLink } = usePageRouter();
  return <RouterLink {...props} />;
}

export function Form(props: FormProps) {
  const { Form: RouterForm } = usePageRouter();
  return <RouterForm {...props} />;
}

// The router is the same for the whole life of a tree, so each of these calls the same hooks on every render.
export const usePathname = () => usePageRouter().usePathname();
export const useLeafRouteId = () => usePageRouter().useLeafRouteId();
export const useParams = () => usePageRouter().useParams();
export const useFetcher = () => usePageRouter().useFetcher();
export const useRefresh = () => usePageRouter().useRefresh();
export const useSharedData = () => usePageRouter().useSharedData();
