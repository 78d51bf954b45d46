import { z } from "zod";
import { endpoint } from "#server/api/endpoint.server.ts";

/** The public catalogue, as the website shows it: locked levels and lessons are listed with nothing inside them. */

const tag = "Catalogue";

const languageSchema = z
  .object({
    id: z.string().meta({ example: "spanish" }),
    name: z.string().meta({ example: "Spanish" }),
    flagUrl: z.string().meta({ description: "An absolute or site-relative image address; empty when none is set." }),
    levelCount: z.number().int().nonnegative(),
  })
  .meta({ id: "Language" });

export const languagesEndpoint = endpoint({
  method: "get",
  path: "/languages",
  operationId: "listLanguages",
  summary: "Languages",
  description: "Every language, in the order of the website's Languages page.",
  tag,
  access: "public",
  conditional: true,
  response: { status: 200, description: "The languages.", schema: z.object({ languages: z.array(languageSchema) }) },
  async handler({ runtime }) {
    const catalog = await runtime.catalog();
    return { body: { languages: catalog.languages.map(({ id, name, flagUrl, levelCount }) => ({ id, name, flagUrl, levelCount })) } };
  },
});

export const catalogEndpoints = [languagesEndpoint];
