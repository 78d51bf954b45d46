import { Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "#app/lib/page-router.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { formatBytes, offlineSupported, type DownloadRecord } from "#app/lib/offline/download-index.ts";

const loadDownloads = () => import("#app/lib/offline/downloads.ts");
const readDownloads = () =>
  loadDownloads().then(({ listDownloadRecords, storageUsed }) => Promise.all([listDownloadRecords(), storageUsed()]));

/**
 * The lessons downloaded on this device, with remove (the profile and the offline page). It reads the browser's own
 * storage, so it renders after hydration; the server renders its heading only.
 */
export function DownloadedLessons({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [records, setRecords] = useState<DownloadRecord[] | null>(null);
  const [used, setUsed] = useState<number | null>(null);
  const supported = !useHydrated() || offlineSupported();

  const show = ([list, usage]: [DownloadRecord[], number | null]) => {
    setRecords(list);
    setUsed(usage);
  };
  useEffect(() => {
    if (offlineSupported()) readDownloads().then(show, () => setRecords([]));
  }, []);

  const remove = async (path: string) => {
    const { removeDownload } = await loadDownloads();
    await removeDownload(path);
    show(await readDownloads());
  };

  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby="downloaded-lessons-title"
      className="rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7"
    >
      <Heading id="downloaded-lessons-title" className="text-xl font-bold text-ink">
        Downloaded lessons
      </Heading>
      {!supported ? (
        <p className="mt-3 text-muted">This browser can't keep lessons for offline use.</p>
      ) : records === null ? (
        <p className="mt-3 text-muted">Loading…</p>
      ) : records.length === 0 ? (
        <p className="mt-3 text-muted">No lessons downloaded yet. Use "Download for offline" on a lesson or level.</p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-brand-100" aria-label="Downloaded lessons">
            {records.map((record) => (
              <li key={record.path} className="flex items-center justify-between gap-3 py-3">
                <Link to={record.path} className="min-w-0 font-semibold text-brand-800 hover:underline">
                  <span className="block truncate">{record.title}</span>
                  <span className="block truncate text-sm font-normal text-muted">
                    {record.subtitle} · {formatBytes(record.bytes)}
                  </span>
                </Link>
                <Button variant="ghostDanger" size="sm" onClick={() => void remove(record.path)} aria-label={`Remove download: ${record.title}`}>
                  <Trash2 className="size-4" aria-hidden />
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {used !== null ? <p className="mt-3 text-sm text-muted">{formatBytes(used)} used on this device</p> : null}
        </>
      )}
    </section>
  );
}
