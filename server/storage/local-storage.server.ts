import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import { STATUS_CODES, type ServerResponse } from "node:http";
import path from "node:path";
import express, { type ErrorRequestHandler } from "express";
import type { Logger } from "#server/logger.server.ts";
import { assertSafeKey, keyUnder, storedFileCacheControl, type Storage } from "#server/storage/storage.server.ts";

/** URL prefix the HTTP server serves `root` under. */
export const LOCAL_STORAGE_ROUTE = "/storage";

/** What a write is named until its rename: a process killed in between (kill -9, power loss) leaves one behind. */
const PARTIAL_SUFFIX = ".partial";

/**
 * Deletes the half-written files that killed processes left under `root`; returns how many. A partial file is
 * never served (a reader only ever follows a renamed file's URL), it only takes space. Those modified within
 * `olderThanMs` are left: another process sharing the directory may still be writing them.
 */
export async function sweepPartialWrites(root: string, { olderThanMs }: { olderThanMs: number }): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(PARTIAL_SUFFIX)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat || stat.mtimeMs > cutoff) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}

export function createLocalStorage(root: string): Storage {
  const fileFor = (bucket: string, key: string) => {
    assertSafeKey(key);
    return path.join(root, bucket, key);
  };
  const url = (bucket: string, key: string) =>
    `${LOCAL_STORAGE_ROUTE}/${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
  return {
    async put(bucket, key, body) {
      const file = fileFor(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file and a failed write leaves the old one in place.
      const temporary = `${file}.${process.pid}.${Date.now()}${PARTIAL_SUFFIX}`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
      return { bucket, key, url: url(bucket, key) };
    },
    async read(bucket, key) {
      try {
        return new Uint8Array(await fs.readFile(fileFor(bucket, key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(bucket, key) {
      await fs.rm(fileFor(bucket, key), { force: true });
    },
    url,
    keyOf: (bucket, fileUrl) => keyUnder(`${LOCAL_STORAGE_ROUTE}/${bucket}/`, fileUrl),
  };
}

/**
 * Serves the files under `root` at LOCAL_STORAGE_ROUTE. A missing file is routine (a stale link, a crawler) and a
 * refused path (`..`, a dotfile, a malformed escape) is a probe that was turned away: one log line each, and an
 * answer with the bare status, never the error's stack. A failure of our own (5xx) goes on to the error handler.
 */
export function serveLocalStorage(
  root: string,
  logger: Logger,
  { setHeaders }: { setHeaders?: (res: ServerResponse) => void } = {},
): express.Router {
  const router = express.Router();
  router.use(
    express.static(root, {
      index: false,
      fallthrough: false,
      dotfiles: "deny",
      // express.static's own Cache-Control is off: each file gets storedFileCacheControl's, by its key.
      cacheControl: false,
      setHeaders(res, file) {
        res.setHeader("Cache-Control", storedFileCacheControl(path.relative(root, file).split(path.sep).join("/")));
        setHeaders?.(res);
      },
    }),
  );
  const answerBriefly: ErrorRequestHandler = (error: { status?: unknown }, req, res, next) => {
    const status = error.status;
    if (typeof status !== "number" || status >= 500) return next(error);
    if (status === 400 || status === 403) logger.warn(`Refused storage path ${req.originalUrl} (${status})`);
    else if (status === 404) logger.debug(`No stored file at ${req.originalUrl} (404)`);
    // An unsatisfiable range (416) or a failed precondition (412): the client's business.
    else logger.debug(`Storage answered ${status} for ${req.originalUrl}`);
    res.status(status).type("text/plain").send(STATUS_CODES[status]);
  };
  router.use(answerBriefly);
  return router;
}
