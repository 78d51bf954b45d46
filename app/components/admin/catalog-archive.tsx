import { Download, Upload } from "lucide-react";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { UploadProgress } from "#app/components/admin/upload-progress.tsx";
import { notify } from "#app/components/toaster.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { DialogBody, DialogCancel, DialogFooter, ModalDialog } from "#app/components/ui/dialog.tsx";
import { CATALOG_EXPORT_PATH, CATALOG_IMPORT_PATH, catalogArchiveText, type ImportAnswer, type ImportSummary } from "#common/catalog-archive.ts";

/**
 * The Overview's catalogue archive (docs/catalogue-archive.md): "Export catalog" downloads the whole catalogue;
 * "Import catalog" uploads an archive, shows the server's dry run (what would be added, changed and removed, and the
 * learner rows that go with it), and imports only when the admin confirms.
 */
export function CatalogArchivePanel() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="catalog-archive-title" className="rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7">
      <h2 id="catalog-archive-title" className="text-xl font-bold text-ink">
        Catalog archive
      </h2>
      <p className="mt-1 text-sm text-muted">Languages, levels, lessons and phrases with their audio and icons, as one file.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={CATALOG_EXPORT_PATH} download className={buttonClasses("primary")}>
          <Download className="size-4" aria-hidden />
          {catalogArchiveText.exportButton}
        </a>
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          <Upload className="size-4" aria-hidden />
          {catalogArchiveText.importButton}
        </Button>
      </div>
      {open ? <ImportDialog onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

type Step = { name: "pick" } | { name: "sending"; intent: "dry-run" | "apply" } | { name: "review"; summary: ImportSummary };

function ImportDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ name: "pick" });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const inputId = useId();
  const busy = step.name === "sending";

  async function send(intent: "dry-run" | "apply") {
    if (!file) return setError(catalogArchiveText.noFile);
    setError(null);
    setStep({ name: "sending", intent });
    try {
      const summary = await sendArchive(intent, file, setProgress);
      if (intent === "dry-run") return setStep({ name: "review", summary });
      notify({ type: "success", title: catalogArchiveText.imported });
      await revalidator.revalidate();
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setStep({ name: "pick" });
    } finally {
      setProgress(null);
    }
  }

  return (
    <ModalDialog
      open
      onOpenChange={(next) => (!next && !busy ? onClose() : undefined)}
      title={catalogArchiveText.importButton}
      description="The catalog becomes what the archive holds: what is not in it is removed."
      closeDisabled={busy}
      width="lg"
    >
      <DialogBody>
        <div>
          <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
            Archive (.tar)
          </label>
          <input
            id={inputId}
            type="file"
            accept=".tar,application/x-tar"
            disabled={busy}
            className="mt-2 block w-full text-sm"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setStep({ name: "pick" });
              setError(null);
            }}
          />
        </div>
        <UploadProgress value={progress} label="Archive upload progress" />
        {error ? (
          <p role="alert" className="text-sm font-semibold break-words text-red-700">
            {error}
          </p>
        ) : null}
        {step.name === "review" ? <ImportSummaryView summary={step.summary} /> : null}
      </DialogBody>
      <DialogFooter>
        <DialogCancel disabled={busy} />
        {step.name === "review" ? (
          <Button type="button" onClick={() => void send("apply")}>
            Import now
          </Button>
        ) : (
          <Button type="button" disabled={busy || !file} onClick={() => void send("dry-run")}>
            {busy ? "Checking…" : "Check archive"}
          </Button>
        )}
      </DialogFooter>
    </ModalDialog>
  );
}

const tables = ["languages", "levels", "lessons", "phrases", "files"] as const;

function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const { favoritesRemoved, progressRemoved, reviewCardsLeavingDeck } = summary.learnerRows;
  return (
    <div className="space-y-4" aria-live="polite">
      <h3 className="text-base font-bold text-ink">What the import would do</h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Content
              </th>
              <th scope="col" className="px-3 py-1 text-right font-semibold">
                Added
              </th>
              <th scope="col" className="px-3 py-1 text-right font-semibold">
                Changed
              </th>
              <th scope="col" className="px-3 py-1 text-right font-semibold">
                Removed
              </th>
              <th scope="col" className="py-1 pl-3 text-right font-semibold">
                Unchanged
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-brand-100 tabular-nums">
            {tables.map((table) => (
              <tr key={table}>
                <th scope="row" className="py-1 pr-3 font-semibold text-ink capitalize">
                  {table}
                </th>
                <td className="px-3 py-1 text-right">{summary.counts[table].added}</td>
                <td className="px-3 py-1 text-right">{summary.counts[table].changed}</td>
                <td className="px-3 py-1 text-right">{summary.counts[table].removed}</td>
                <td className="py-1 pl-3 text-right">{summary.counts[table].unchanged}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-ink">
        Learner data: {favoritesRemoved} favorites and {progressRemoved} lesson progress records would be removed with their phrases and lessons;{" "}
        {reviewCardsLeavingDeck} review cards would leave the review deck.
      </p>
      {(["languages", "levels", "lessons"] as const).map((table) =>
        summary[table].removed.length > 0 ? (
          <p key={table} className="text-sm break-words text-red-700">
            <span className="font-semibold capitalize">{table} removed:</span> {summary[table].removed.slice(0, 20).join(", ")}
            {summary[table].removed.length > 20 ? ` and ${summary[table].removed.length - 20} more` : ""}
          </p>
        ) : null,
      )}
    </div>
  );
}

/** Sends the archive (XMLHttpRequest: only it reports upload progress) and resolves with the server's summary. */
function sendArchive(intent: "dry-run" | "apply", file: File, onProgress: (percent: number) => void): Promise<ImportSummary> {
  const body = new FormData();
  body.set("file", file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${CATALOG_IMPORT_PATH}?intent=${intent}`);
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    const unreachable = () => reject(new Error("The archive did not reach the server. Check your connection and try again."));
    request.addEventListener("error", unreachable);
    request.addEventListener("abort", unreachable);
    request.addEventListener("load", () => {
      let answer: ImportAnswer | null = null;
      try {
        answer = JSON.parse(request.responseText) as ImportAnswer;
      } catch {
        // Not JSON (a proxy's error page): the status speaks below.
      }
      if (answer && "summary" in answer) return resolve(answer.summary);
      reject(new Error(answer && "error" in answer ? answer.error : `The import failed (${request.status})`));
    });
    request.send(body);
  });
}
