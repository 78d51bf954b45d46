import { CardGrid } from "#app/components/card-grid.tsx";
import { LanguageCard } from "#app/components/catalog-cards.tsx";
import { Container, EmptyState, PageHeader } from "#app/components/page-header.tsx";
import { seo } from "#app/lib/seo.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/languages";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const catalog = await getRuntime(context).catalog();
  return { languages: catalog.languages };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/languages", args);

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Choose Your Language",
    description: "Pick a language and start learning practical everyday phrases with native-speaker audio.",
    path: "/languages",
  });

export default function Languages({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Choose Your Language" description="Practical phrases for real situations, from your first hello to your first conversation." />
      <Container className="pb-16">
        {loaderData.languages.length === 0 ? (
          <EmptyState message="No languages available yet. Check back soon!" />
        ) : (
          <CardGrid label="Languages">
            {loaderData.languages.map((language) => (
              <LanguageCard key={language.id} language={language} />
            ))}
          </CardGrid>
        )}
      </Container>
    </>
  );
}
