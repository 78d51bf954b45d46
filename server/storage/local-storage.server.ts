import fs from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, keyUnder, type Storage } from "#server/storage/storage.server.ts";

/** URL prefix the HTTP server serves `root` under. */
export const LOCAL_STORAGE_ROUTE = "/storage";

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
      const temporary = `${file}.${process.pid}.${Date.now()}.partial`;
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
