import { useCallback, useState } from "react";
import { cn } from "#app/lib/cn.ts";
import { uploadFile } from "#app/lib/upload-client.ts";
import type { UploadKind } from "#common/upload-rules.ts";

/**
 * Every admin upload goes through this hook: it sends the file (uploadFile) and keeps how much of it has been sent,
 * null when no upload runs. Pair it with <UploadProgress>. The spec's toasts stay with the caller.
 */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useCallback(async (kind: UploadKind, file: File) => {
    setProgress(0);
    try {
      return await uploadFile(kind, file, { onProgress: setProgress });
    } finally {
      setProgress(null);
    }
  }, []);
  return { upload, progress, uploading: progress !== null };
}

/** How much of the file has been sent, while an upload runs (nothing otherwise). */
export function UploadProgress({ value, label = "Upload progress", className }: { value: number | null; label?: string; className?: string }) {
  if (value === null) return null;
  return (
    <div className={cn("flex min-w-40 items-center gap-2", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-150" style={{ width: `${value}%` }} />
      </div>
      <span className="w-10 text-right text-xs font-semibold text-muted tabular-nums" aria-hidden>
        {value}%
      </span>
    </div>
  );
}
