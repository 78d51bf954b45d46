import { z } from "zod";

/**
 * zod for the schemas the browser loads: import `z` from here, never from "zod" (lint enforces it in app/ and common/), so this
 * runs before any schema is built. zod compiles object parsers with `new Function`, and first tries one to learn
 * whether it may: under the site's Content-Security-Policy (no 'unsafe-eval') that try is reported as a violation,
 * though zod catches it. Its interpreted parsers are fast enough for a form.
 */
z.config({ jitless: true });

export { z };
