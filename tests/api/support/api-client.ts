import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "#tests/api/generated/api-v1.d.ts";
import type { TestSite } from "#tests/support/app-server.ts";

/**
 * The app's view of /api/v1 in tests: a client typed from the generated document (openapi-typescript +
 * openapi-fetch), and a check of every answer against the document the server serves. An answer with a status the
 * document does not list, or a body its schema refuses, fails the request, so the document cannot drift from the code.
 */

export type ApiClient = Client<paths>;

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

const documents = new WeakMap<TestSite, Promise<DocumentCheck>>();

class DocumentCheck {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  readonly document: OpenApiDocument;
  constructor(document: OpenApiDocument) {
    this.document = document;
    addFormats.default(this.ajv);
    this.ajv.addSchema(document as object, "openapi");
  }

  /** Throws when this answer is not one the document describes for `method` on the path template `schemaPath`. */
  check(method: string, schemaPath: string, status: number, contentType: string | null, body: unknown) {
    const operation = this.document.paths[schemaPath]?.[method.toLowerCase()];
    if (!operation) throw new Error(`The document has no ${method} ${schemaPath}`);
    const response = operation.responses[String(status)];
    if (!response) throw new Error(`${method} ${schemaPath} answered ${status}, which the document does not list`);
    if (!response.content) {
      if (body !== undefined) throw new Error(`${method} ${schemaPath} ${status} has a body the document does not describe`);
      return;
    }
    const type = (contentType ?? "").split(";")[0]!.trim();
    if (!(type in response.content)) throw new Error(`${method} ${schemaPath} ${status} answered ${type}, the document says ${Object.keys(response.content).join(", ")}`);
    const pointer = ["paths", schemaPath, method.toLowerCase(), "responses", String(status), "content", type, "schema"]
      .map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1"))
      .join("/");
    const validate = this.ajv.getSchema(`openapi#/${pointer}`);
    if (!validate) throw new Error(`No schema at ${pointer}`);
    if (!validate(body)) {
      throw new Error(`${method} ${schemaPath} ${status}: the body does not match the document: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
    }
  }
}

export function documentCheck(site: TestSite): Promise<DocumentCheck> {
  let pending = documents.get(site);
  if (!pending) {
    pending = fetch(`${site.url}/api/v1/openapi.json`).then(async (response) => new DocumentCheck((await response.json()) as OpenApiDocument));
    documents.set(site, pending);
  }
  return pending;
}

/** Reads an answer's body (JSON or none) without consuming the original. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

/** Checks a raw answer (from `site.request`) against the document, for requests the typed client cannot make. */
export async function expectDocumented(site: TestSite, method: string, schemaPath: string, response: Response) {
  const check = await documentCheck(site);
  check.check(method, schemaPath, response.status, response.headers.get("content-type"), await bodyOf(response));
}

export interface Credentials {
  /** `Authorization: Bearer …` as an app sends it. */
  token?: string;
  /** A website session cookie instead. */
  cookie?: string;
  /** The client address (the test site trusts X-Forwarded-For when started with trustProxy). */
  ip?: string;
}

export function apiClient(site: TestSite, credentials: Credentials = {}): ApiClient {
  const client = createClient<paths>({ baseUrl: `${site.url}/api/v1` });
  const documented: Middleware = {
    onRequest({ request }) {
      if (credentials.token) request.headers.set("authorization", `Bearer ${credentials.token}`);
      if (credentials.cookie) request.headers.set("cookie", credentials.cookie);
      if (credentials.ip) request.headers.set("x-forwarded-for", credentials.ip);
      return request;
    },
    async onResponse({ request, response, schemaPath }) {
      const check = await documentCheck(site);
      check.check(request.method, schemaPath, response.status, response.headers.get("content-type"), await bodyOf(response));
      return response;
    },
  };
  client.use(documented);
  return client;
}
