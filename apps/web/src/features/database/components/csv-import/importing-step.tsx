import { useEffect, useRef } from 'react';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { Progress, Spinner, cn } from '@tessera/ui';

export interface ImportProgress {
  completed: number;
  total: number;
  /** How the rows travel: 10-row batches, or one streamed upload. */
  mode: 'batches' | 'stream';
}

export interface ImportResult {
  tone: 'success' | 'warning' | 'error';
  text: string;
  /** Rows not imported, by the file's line number (the header is line 1). */
  errors: Array<{ line: number; message: string }>;
  /** Why a failed import failed (the server's or the network's message). */
  detail?: string;
}

const SHOWN_ERRORS = 5;

/** Step 3: progress as "completed of total", then the outcome (docs/product/database.md#states-and-transitions). */
export function ImportingStep({
  entity,
  progress,
  result,
}: {
  entity: string;
  progress: ImportProgress;
  result: ImportResult | null;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  // The Import button is gone: keep the focus in the dialog, on the progress.
  useEffect(() => rootRef.current?.focus(), []);
  const percent = progress.total ? (progress.completed / progress.total) * 100 : 0;
  const ResultIcon =
    result?.tone === 'success' ? CircleCheck : result?.tone === 'warning' ? TriangleAlert : CircleAlert;
  return (
    <div ref={rootRef} tabIndex={-1} className="flex flex-col gap-5 py-2 outline-none">
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            !result && 'bg-brand-50 text-brand-600',
            result?.tone === 'success' && 'bg-emerald-50 text-emerald-600',
            result?.tone === 'warning' && 'bg-amber-50 text-amber-600',
            result?.tone === 'error' && 'bg-red-50 text-red-600',
          )}
        >
          {result ? <ResultIcon className="size-5" aria-hidden /> : <Spinner size={18} />}
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink">{result ? result.text : `Importing rows into ${entity}…`}</p>
          <p className="text-[13px] text-ink-subtle">
            {result
              ? (result.detail ?? (result.tone === 'error' ? 'No rows were added.' : 'The table shows the new rows.'))
              : progress.mode === 'stream'
                ? 'The file is uploading and the server reports each batch it writes. Keep this window open.'
                : 'Rows go in batches of 10, three at a time. Keep this window open.'}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Progress value={percent} label="Import progress" />
        <p className="text-[13px] text-ink-muted tabular-nums" role="status" aria-live="polite" aria-atomic="true">
          {progress.completed.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')} rows
        </p>
      </div>
      {result && result.errors.length > 0 && (
        <div className="rounded-xl border border-line bg-surface-muted/60 px-3.5 py-3">
          <p className="text-[13px] font-medium text-ink">Rows that were not imported</p>
          <ul className="mt-1.5 space-y-1 text-[13px] text-ink-muted">
            {result.errors.slice(0, SHOWN_ERRORS).map((e) => (
              <li key={`${e.line}-${e.message}`} className="break-words">
                <span className="font-medium text-ink tabular-nums">Line {e.line}:</span> {e.message}
              </li>
            ))}
            {result.errors.length > SHOWN_ERRORS && (
              <li className="text-ink-subtle">
                and {(result.errors.length - SHOWN_ERRORS).toLocaleString('en-US')} more
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
