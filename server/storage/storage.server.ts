/** Where uploaded and generated files live. Local disk by default; S3-compatible storage when configured. */
export const buckets = ["assets", "content"] as const;
export type Bucket = (typeof buckets)[number];

export interface StoredFile {
  bucket: Bucket;
  key: string;
  /** The address a browser uses to fetch the file. */
  url: string;
}

export interface Storage {
  put(bucket: Bucket, key: string, body: Uint8Array, contentType: string): Promise<StoredFile>;
  delete(bucket: Bucket, key: string): Promise<void>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
  url(bucket: Bucket, key: string): string;
}

/** Keys come from our own code, but a file name can come from a user: refuse anything that could leave the bucket. */
export function assertSafeKey(key: string) {
  if (!key || key.startsWith("/") || key.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}
