import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { assertSafeKey, keyUnder, storedFileCacheControl, type Bucket, type Storage } from "#server/storage/storage.server.ts";

export interface S3StorageConfig {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers fetch objects from (a CDN or the bucket's public address). */
  publicUrl: string;
  forcePathStyle: boolean;
}

/**
 * S3-compatible storage for several app servers: one bucket, with the spec's logical buckets (assets, content) as
 * key prefixes. Objects are public-read through `publicUrl`, cached for an hour like local files (SPEC §9). The app
 * only puts, gets and deletes single objects: it never lists the bucket, so the bucket policy must grant the
 * public `s3:GetObject` only, never `s3:ListBucket` (a listing would reveal the unguessable keys of locked content).
 */
export function createS3Storage(config: S3StorageConfig): Storage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const objectKey = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    return `${bucket}/${key}`;
  };
  const url = (bucket: Bucket, key: string) =>
    `${config.publicUrl.replace(/\/+$/, "")}/${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
  return {
    async put(bucket, key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(bucket, key),
          Body: body,
          ContentType: contentType,
          CacheControl: storedFileCacheControl(key),
        }),
      );
      return { bucket, key, url: url(bucket, key) };
    },
    async read(bucket, key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(bucket, key) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || (error as Error).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(bucket, key) }));
    },
    url,
    keyOf: (bucket, fileUrl) => keyUnder(`${config.publicUrl.replace(/\/+$/, "")}/${bucket}/`, fileUrl),
  };
}
