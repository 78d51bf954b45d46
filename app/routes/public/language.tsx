import { ArrowUp } from "lucide-react";
import { data } from "react-router";
import { CardGrid } from "#app/components/card-grid.tsx";
import { LevelCard } from "#app/components/catalog-cards.tsx";
import { CatalogNotFound, Container, EmptyState, PageHeader } from "#app/components/page-header.tsx";
import { Breadcrumbs } from "#app/components/breadcrumbs.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { seo } from "#app/lib/seo.ts";
import { findLanguage, levelsOf } from "#server/catalog/public-catalog.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/language";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const catalog = await getRuntime(context).catalog();
  const language = findLanguage(catalog, params.language);
  if (!language) return data({ found: false as const }, { status: 404 });
  return { found: true as const, language, levels: levelsOf(catalog, language.id) };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/language", args);

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  loaderData?.found
    ? seo(matches, {
        title: `Learn ${loaderData.language.name}: Choose a Level`,
        description: `Everyday ${loaderData.language.name} phrases from beginner to intermediate, each with native-speaker audio.`,
        path: `/${params.language}`,
      })
    : seo(matches, { title: "Language not found", description: "This language doesn't exist.", path: `/${params.language}`, noindex: true });

export default function Language({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return <CatalogNotFound title="Language not found" message="The language you're looking for doesn't exist." />;
  }
  const { language, levels } = loaderData;
  return (
    <>
      <PageHeader
        title="Choose a Level"
        eyebrow={
          <span className="inline-flex items-center gap-2.5 text-base font-semibold text-brand-800">
            {language.flagUrl ? <img src={language.flagUrl} alt="" width={30} height={20} className="h-5 w-7.5 rounded-sm object-cover ring-1 ring-black/5" /> : null}
            {language.name}
          </span>
        }
      >
        <Breadcrumbs items={[{ label: "Languages", to: "/languages" }]} />
      </PageHeader>
      <Container className="pb-16">
        {levels.length === 0 ? (
          <EmptyState message="No levels available for this language yet. Check back soon!" />
        ) : (
          <>
            <CardGrid label="Levels" columns={3}>
              {levels.map((level) => (
                <LevelCard key={level.id} level={level} />
              ))}
            </CardGrid>
            <div className="mt-10 flex justify-center">
              <Button variant="ghost" onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}>
                <ArrowUp aria-hidden />
                Back to top
              </Button>
            </div>
          </>
        )}
      </Container>
    </>
  );
}
