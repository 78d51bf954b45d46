import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { uploadText, type UploadRule } from "#common/upload-rules.ts";
import { UploadRefused } from "#server/uploads/uploads.server.ts";

/** An upload written to a temporary file, removed again by `dispose`. */
export interface ReceivedFile {
  path: string;
  /** The name the browser gave it. */
  name: string;
  dispose(): Promise<void>;
}

/**
 * Streams the field `file` of a multipart upload to a temporary file under `tmpDir`, never holding it in memory and
 * never writing more than the kind's cap: one byte over and the upload is refused with the kind's size message (413)
 * at once, the rest of the body unread. Other parts are skipped, and bounded in number and size.
 */
export async function receiveUpload(request: Request, rule: Pick<UploadRule, "maxBytes" | "sizeMessage">, tmpDir: string): Promise<ReceivedFile> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw new UploadRefused(uploadText.noFile, 400);
  await fsp.mkdir(tmpDir, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(tmpDir, "upload-"));
  const dispose = () => fsp.rm(dir, { recursive: true, force: true });
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  try {
    const name = await new Promise<string>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { "content-type": contentType },
          limits: { files: 1, fileSize: rule.maxBytes, fields: 20, fieldSize: 8 * 1024, parts: 30 },
        });
      } catch {
        return reject(new UploadRefused(uploadText.noFile, 400));
      }
      let written: Promise<string> | undefined;
      const fail = (error: unknown) => {
        // Stop reading, without tearing the connection down under the answer (which says Connection: close).
        source.unpipe(parser);
        source.pause();
        reject(error);
      };
      parser.on("file", (field, stream, info) => {
        if (field !== "file" || written) return void stream.resume();
        stream.on("limit", () => fail(new UploadRefused(rule.sizeMessage, 413)));
        written = pipeline(stream, fs.createWriteStream(path.join(dir, "file"))).then(() => info.filename ?? "");
        written.catch(fail);
      });
      parser.on("close", () => (written ? written.then(resolve, fail) : fail(new UploadRefused(uploadText.noFile, 400))));
      parser.on("error", () => fail(new UploadRefused(uploadText.noFile, 400)));
      source.on("error", () => fail(new UploadRefused(uploadText.noFile, 400)));
      source.pipe(parser);
    });
    return { path: path.join(dir, "file"), name, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
