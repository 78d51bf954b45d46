import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import "./app.css";
import { preferencesScript } from "#app/lib/browser-storage.ts";
import { chromeSettings } from "#app/lib/chrome.ts";
import { DEFAULT_FAVICON } from "#app/lib/settings.ts";
import { getRuntime } from "#server/context.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const settings = await runtime.settings.get();
  return {
    siteName: runtime.env.SITE_NAME,
    publicUrl: runtime.env.PUBLIC_URL,
    supportEmail: runtime.env.SUPPORT_EMAIL,
    chrome: chromeSettings(settings),
    // Filled in by the accounts issue; the header already reserves the admin slot.
    isAdmin: false,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useRootData must be used below the root route");
  return data;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const favicon = data?.chrome.favicon || DEFAULT_FAVICON;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#6d28d9" />
        <link rel="icon" href={favicon} />
        <script dangerouslySetInnerHTML={{ __html: preferencesScript }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white">
        {children}
        {/* Sonner's rich colours fall short of AA contrast; darker text keeps its look and passes. */}
        <Toaster
          position="top-center"
          richColors
          closeButton
          style={{ "--success-text": "#047857", "--error-text": "#b91c1c", "--info-text": "#1d4ed8" } as React.CSSProperties}
        />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Oops! Page not found" : "Something went wrong";
  const detail =
    status === 404
      ? "The page you're looking for doesn't exist."
      : "Please try again in a moment. If it keeps happening, contact support.";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-extrabold text-brand-700">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{detail}</p>
      <a href="/" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Return to Home
      </a>
    </main>
  );
}
