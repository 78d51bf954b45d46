import { PassThrough } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import lessonDocumentAssets from "virtual:phrasewise/lesson-document-assets";
import { CspNonceContext } from "#app/lib/csp-nonce.ts";
import { LessonDocumentAssetsContext } from "#app/lesson-document/document-scripts.tsx";
import { getRequestInfo } from "#server/context.server.ts";
import { deferHydration } from "#server/http/defer-hydration.server.ts";

// React Router's default Node entry, plus two steps: every inline script carries the response's CSP nonce (React
// Router's and React's through their `nonce` options, ours through CspNonceContext), and the HTML streams through
// deferHydration (hydration starts after the first paint; see common/deferred-hydration.ts).
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const nonce = getRequestInfo(loadContext).cspNonce;

    const document = (
      <CspNonceContext value={nonce}>
        <LessonDocumentAssetsContext value={lessonDocumentAssets}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </LessonDocumentAssetsContext>
      </CspNonceContext>
    );
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        const html = body.pipe(deferHydration(nonce));
        body.on("error", (error) => html.destroy(error));
        resolve(
          new Response(createReadableStreamFromReadable(html), { headers: responseHeaders, status: responseStatusCode }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell are logged by React Router's document handler.
        if (shellRendered) console.error(error);
      },
    });
  });
}
