import { createContext } from "react";
import { LESSON_DOCUMENT_DATA_ID, type LessonDocumentAssets, type LessonDocumentData } from "#app/lesson-document/data.ts";

/**
 * The lesson document's scripts as the server knows them (entry.server.tsx provides them from the build); null in
 * `npm run dev`, in the test sites and in the browser, where a lesson page hydrates with React Router.
 */
export const LessonDocumentAssetsContext = createContext<LessonDocumentAssets | null>(null);

/** JSON inside a <script> element: nothing in it may close the element or start a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * In place of React Router's <Scripts> on a lesson document: its data, the preloads of its files and the inline
 * module script that imports its entry. They are written as React Router's tags are, so the server defers them to
 * after the first paint in the same way (server/http/defer-hydration.server.ts).
 */
export function LessonDocumentScripts({ assets, data, nonce }: { assets: LessonDocumentAssets; data: LessonDocumentData; nonce: string | undefined }) {
  return (
    <>
      <script id={LESSON_DOCUMENT_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      {[assets.entry, ...assets.preloads].map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      <script nonce={nonce} type="module" async dangerouslySetInnerHTML={{ __html: `import(${JSON.stringify(assets.entry)});` }} />
    </>
  );
}
