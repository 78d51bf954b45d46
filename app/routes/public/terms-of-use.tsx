import { LegalPage } from "#app/components/legal-page.tsx";
import { termsOfUse } from "#app/content/legal.ts";
import { seo } from "#app/lib/seo.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/terms-of-use";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = getRuntime(context);
  return {
    siteName: env.SITE_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    document: termsOfUse({ name: env.SITE_NAME, supportEmail: env.SUPPORT_EMAIL }),
  };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/terms-of-use", args);

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: "Terms of Use",
    description: `The rules for using the ${loaderData.siteName} website and mobile app: your account, acceptable use, our content, Premium subscriptions and how to reach us.`,
    path: "/terms-of-use",
  });

export default function TermsOfUse({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      document={loaderData.document}
      supportEmail={loaderData.supportEmail}
      related={{ to: "/privacy-policy", label: "Privacy Policy" }}
    />
  );
}
