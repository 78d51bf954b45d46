import { LegalPage } from "#app/components/legal-page.tsx";
import { privacyPolicy } from "#app/content/legal.ts";
import { seo } from "#app/lib/seo.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/privacy-policy";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = getRuntime(context);
  return {
    siteName: env.SITE_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    document: privacyPolicy({ name: env.SITE_NAME, supportEmail: env.SUPPORT_EMAIL }),
  };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/privacy-policy", args);

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: "Privacy Policy",
    description: `What personal information ${loaderData.siteName} collects, how we use and protect it, how the cookie choice works, and the rights you have over your data.`,
    path: "/privacy-policy",
  });

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      document={loaderData.document}
      supportEmail={loaderData.supportEmail}
      related={{ to: "/terms-of-use", label: "Terms of Use" }}
    />
  );
}
