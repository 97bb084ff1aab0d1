import { useEffect, useRef, useState } from 'react';
import { Check } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import {
  type CsvImportSummary,
  type CsvMapping,
  type EntitySchema,
  type GenerateMappingResponse,
} from '@tessera/contracts/entities';
import { Button, Dialog, DialogContent, cn, toast } from '@tessera/ui';
import { apiFetch, errorMessage, getToken } from '../../../../shared/api';
import {
  columnFor,
  columnsFromMappings,
  CSV_IMPORT_TEXTS,
  CSV_MAX_BYTES,
  CSV_PREVIEW_ROWS,
  CSV_STREAM_THRESHOLD,
  fallbackColumns,
  importOutcome,
  isCsvFileName,
  newImportId,
  prepareRecords,
  runBatches,
  toCsvMappings,
  type ColumnMapping,
} from '../../lib/csv-import';
import { parseCsv, toCsvText, type CsvRow } from '../../lib/csv-import-parse';
import { streamCsvImport } from '../../lib/csv-import-stream';
import { ImportingStep, type ImportProgress, type ImportResult } from './importing-step';
import { MappingStep } from './mapping-step';
import { UploadStep } from './upload-step';

type Step = 'upload' | 'mapping' | 'importing';
interface ParsedFile {
  name: string;
  headers: string[];
  rows: CsvRow[];
  /** The file's line each row starts on (what error messages name). */
  lines: number[];
  skippedLines: number;
}

const STEPS: Array<{ id: Step; label: string }> = [
  { id: 'upload', label: 'Upload' },
  { id: 'mapping', label: 'Map columns' },
  { id: 'importing', label: 'Import' },
];

const entityPath = (appId: string, entity: string) =>
  `/live_api/apps/${encodeURIComponent(appId)}/entities/${encodeURIComponent(entity)}`;

export interface CsvImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  appId: string;
  entity: string;
  schema: EntitySchema;
  /** Called once rows were written (the grid refreshes). */
  onImported: () => void;
}

/**
 * The CSV import wizard (docs/product/database.md#data): upload, then mapping (AI suggestion with the basic
 * fallback), then importing — 10-row batches three at a time up to 1,000 rows, one streamed upload
 * with server-reported progress beyond. It cannot be closed while rows are being written.
 */
export function CsvImportDialog({ open, onOpenChange, appId, entity, schema, onImported }: CsvImportDialogProps) {
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<ParsedFile | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [isReading, setIsReading] = useState(false);
  const [columns, setColumns] = useState<ColumnMapping[]>([]);
  const [isSuggesting, setIsSuggesting] = useState(false);
  const [progress, setProgress] = useState<ImportProgress>({ completed: 0, total: 0, mode: 'batches' });
  const [result, setResult] = useState<ImportResult | null>(null);
  // Bumped by Back and by closing: a mapping suggestion that answers later is dropped.
  const generation = useRef(0);

  const isImporting = step === 'importing' && result === null;

  // Leaving the page mid-import would cut it off: the browser asks first.
  useEffect(() => {
    if (!isImporting) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isImporting]);

  function reset() {
    generation.current++;
    setStep('upload');
    setFile(null);
    setUploadError(null);
    setIsReading(false);
    setColumns([]);
    setIsSuggesting(false);
    setProgress({ completed: 0, total: 0, mode: 'batches' });
    setResult(null);
  }

  function handleOpenChange(next: boolean) {
    // docs/product/database.md#states-and-transitions: closing is blocked while importing (Escape, outside clicks and the X included).
    if (!next && isImporting) return;
    if (!next) reset();
    onOpenChange(next);
  }

  async function suggestMapping(parsed: ParsedFile) {
    const run = ++generation.current;
    setIsSuggesting(true);
    setColumns(parsed.headers.map((h) => columnFor(h, null, schema, parsed.rows)));
    let next: ColumnMapping[];
    try {
      const answer = await apiFetch<GenerateMappingResponse>('/api/csv/generateMapping', {
        body: {
          headers: parsed.headers,
          previewData: parsed.rows.slice(0, CSV_PREVIEW_ROWS),
          schema,
          entityName: entity,
        },
      });
      if (!Array.isArray(answer?.mappings)) throw new Error('no mappings in the answer');
      next = columnsFromMappings(parsed.headers, answer.mappings, schema, parsed.rows);
    } catch {
      if (run !== generation.current) return;
      toast.warning(MESSAGES.csvImport.mappingFallback);
      next = fallbackColumns(parsed.headers, schema, parsed.rows);
    }
    if (run !== generation.current) return;
    setColumns(next);
    setIsSuggesting(false);
  }

  async function handleFile(picked: File) {
    setUploadError(null);
    if (!isCsvFileName(picked.name)) return setUploadError(CSV_IMPORT_TEXTS.notCsv);
    if (picked.size > CSV_MAX_BYTES) return setUploadError(CSV_IMPORT_TEXTS.tooBig);
    setIsReading(true);
    let text: string;
    try {
      text = await picked.text();
    } catch {
      setIsReading(false);
      return setUploadError(MESSAGES.csvImport.parseFailed);
    }
    setIsReading(false);
    const parsed = parseCsv(text);
    if (!parsed.ok) {
      return setUploadError(
        parsed.reason === 'empty'
          ? CSV_IMPORT_TEXTS.empty
          : parsed.reason === 'noRows'
            ? CSV_IMPORT_TEXTS.noRows
            : MESSAGES.csvImport.parseFailed,
      );
    }
    const next = {
      name: picked.name,
      headers: parsed.headers,
      rows: parsed.rows,
      lines: parsed.lines,
      skippedLines: parsed.skippedLines,
    };
    setFile(next);
    setStep('mapping');
    void suggestMapping(next);
  }

  function handleFieldChange(index: number, field: string | null) {
    if (!file) return;
    setColumns((list) =>
      list.map((c, i) => {
        if (i === index) return columnFor(c.csvHeader, field, schema, file.rows);
        // A field takes one column: the column that had it is ignored now.
        return field !== null && c.schemaField === field ? columnFor(c.csvHeader, null, schema, file.rows) : c;
      }),
    );
  }

  /** `row` numbers count the parsed rows (the streamed upload holds exactly those): errors name the file's line. */
  function finish(
    lines: readonly number[],
    total: number,
    summary: { imported: number; failed: number; errors: Array<{ row: number; message: string }> },
    isFatal: boolean,
    reason?: string,
  ) {
    const outcome = importOutcome({ total, imported: summary.imported, failed: summary.failed, isFatal });
    if (outcome.tone === 'success') toast.success(outcome.text);
    else if (outcome.tone === 'warning') toast.warning(outcome.text);
    else toast.error(outcome.text, reason ? { description: reason } : undefined);
    setProgress((p) => ({ ...p, completed: p.total }));
    // A failed import names its reason once instead of repeating it for every row.
    // The server names the line of the file it was sent (rebuilt from the parsed rows); the list names the user's own.
    const errors = isFatal
      ? []
      : summary.errors.map((e) => ({ line: lines[e.row - 1] ?? e.row, message: e.message.replace(/^Line \d+: /, '') }));
    setResult({ ...outcome, errors, ...(isFatal && reason ? { detail: reason } : {}) });
    if (summary.imported > 0) onImported();
  }

  async function importInBatches({ rows, lines }: ParsedFile, mappings: CsvMapping[]) {
    const prepared = prepareRecords(rows, mappings, entity, schema);
    const invalid = prepared.invalid.length;
    setProgress({ completed: invalid, total: rows.length, mode: 'batches' });
    const errors = [...prepared.invalid];
    const run = await runBatches({
      items: prepared.records,
      run: async (batch) => {
        try {
          await apiFetch(`${entityPath(appId, entity)}/bulk`, { body: batch.map((r) => r.record) });
        } catch (err) {
          for (const r of batch) errors.push({ row: r.row, message: errorMessage(err) });
          throw err;
        }
      },
      onProgress: (done) => setProgress((p) => ({ ...p, completed: Math.max(p.completed, invalid + done) })),
    });
    const imported = run.done - run.failed;
    // Nothing went in and the server refused every batch: the import failed as a whole.
    const isFatal = imported === 0 && run.errors.length > 0;
    finish(
      lines,
      rows.length,
      { imported, failed: invalid + run.failed, errors: errors.sort((a, b) => a.row - b.row) },
      isFatal,
      isFatal ? errorMessage(run.errors[0]) : undefined,
    );
  }

  async function importStreamed(parsed: ParsedFile, mappings: CsvMapping[]) {
    setProgress({ completed: 0, total: parsed.rows.length, mode: 'stream' });
    // Batches the server acknowledged stay written even when the import fails later on.
    let acknowledged: CsvImportSummary = { total: 0, imported: 0, failed: 0, errors: [] };
    const onProgress = (s: CsvImportSummary) => {
      acknowledged = s;
      setProgress((p) => ({ ...p, completed: Math.min(p.total, Math.max(p.completed, s.imported + s.failed)) }));
    };
    try {
      const summary = await streamCsvImport({
        url: `${entityPath(appId, entity)}/import`,
        file: new Blob([toCsvText(parsed.headers, parsed.rows)], { type: 'text/csv' }),
        fileName: parsed.name,
        mappings,
        importId: newImportId(),
        token: getToken(),
        onProgress,
      });
      finish(parsed.lines, summary.total, summary, false);
    } catch (err) {
      finish(parsed.lines, parsed.rows.length, acknowledged, true, err instanceof Error ? err.message : undefined);
    }
  }

  function handleImport() {
    if (!file) return;
    const mappings = toCsvMappings(columns);
    if (!mappings.length) return;
    generation.current++;
    setResult(null);
    setStep('importing');
    if (file.rows.length > CSV_STREAM_THRESHOLD) void importStreamed(file, mappings);
    else void importInBatches(file, mappings);
  }

  const mappedCount = columns.filter((c) => c.schemaField !== null).length;
  const stepIndex = STEPS.findIndex((s) => s.id === step);
  const isDone = step === 'importing' && result !== null && progress.completed === progress.total;

  const footer =
    step === 'mapping' ? (
      <>
        <Button variant="secondary" onClick={reset}>
          Back
        </Button>
        <Button onClick={handleImport} disabled={isSuggesting || mappedCount === 0}>
          Import {file ? `${file.rows.length.toLocaleString('en-US')} ${file.rows.length === 1 ? 'row' : 'rows'}` : ''}
        </Button>
      </>
    ) : isDone ? (
      <Button onClick={() => handleOpenChange(false)} autoFocus>
        Close
      </Button>
    ) : undefined;

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        title={`Import CSV into ${entity}`}
        description={step === 'upload' ? 'Add rows to this table from a spreadsheet export.' : undefined}
        size={step === 'mapping' ? 'lg' : 'md'}
        // The footer (Back / Import) stays in view while the columns scroll. While importing there
        // is no way out: the header's X is hidden too.
        className={cn(
          '[&>div.border-t]:sticky [&>div.border-t]:bottom-0 [&>div.border-t]:bg-surface-muted',
          isImporting && '[&_button[aria-label=Close]]:hidden',
        )}
        footer={footer}
      >
        <ol aria-label="Import steps" className="mb-5 flex items-center gap-2 text-[13px]">
          {STEPS.map((s, i) => {
            const state = i < stepIndex || isDone ? 'done' : i === stepIndex ? 'current' : 'todo';
            return (
              <li
                key={s.id}
                aria-current={state === 'current' ? 'step' : undefined}
                className="flex min-w-0 items-center gap-2"
              >
                {i > 0 && (
                  <span
                    className={cn('h-px w-4 shrink-0 sm:w-8', i <= stepIndex ? 'bg-brand-300' : 'bg-line-strong')}
                    aria-hidden
                  />
                )}
                <span
                  className={cn(
                    'flex size-5.5 shrink-0 items-center justify-center rounded-full text-xs font-semibold tabular-nums',
                    state === 'done' && 'bg-brand-600 text-white',
                    state === 'current' && 'bg-brand-50 text-brand-700 ring-1 ring-brand-300',
                    state === 'todo' && 'bg-zinc-100 text-ink-subtle',
                  )}
                  aria-hidden
                >
                  {state === 'done' ? <Check className="size-3" /> : i + 1}
                </span>
                <span
                  className={cn(
                    'truncate',
                    state === 'current' ? 'font-medium text-ink' : 'text-ink-subtle',
                    state !== 'current' && !(isDone && i === STEPS.length - 1) && 'hidden sm:inline',
                  )}
                >
                  {s.label}
                  {state === 'done' && <span className="sr-only"> (done)</span>}
                </span>
              </li>
            );
          })}
        </ol>
        {step === 'upload' && (
          <UploadStep entity={entity} error={uploadError} isReading={isReading} onFile={(f) => void handleFile(f)} />
        )}
        {step === 'mapping' && file && (
          <MappingStep
            fileName={file.name}
            rows={file.rows}
            skippedLines={file.skippedLines}
            schema={schema}
            columns={columns}
            isSuggesting={isSuggesting}
            onFieldChange={handleFieldChange}
            onChange={(index, patch) =>
              setColumns((list) => list.map((c, i) => (i === index ? { ...c, ...patch } : c)))
            }
          />
        )}
        {step === 'importing' && <ImportingStep entity={entity} progress={progress} result={result} />}
      </DialogContent>
    </Dialog>
  );
}
